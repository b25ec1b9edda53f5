import Hummingbird

/// Puts ``SecurityHeaders`` on every response the router makes, errors too.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for field in SecurityHeaders.fields where response.headers[field.name] == nil { response.headers.append(field) }
        return response
    }
}
