import Foundation
import Hummingbird

/// Answers 404 for a path with a control character in it once decoded (`/index.html%00.js`): no file has such a
/// name, and the file server would otherwise cut the name at the NUL and serve another file under this one's type.
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let path = request.uri.path.removingPercentEncoding,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw HTTPError(.notFound)
        }
        return try await next(request, context)
    }
}
