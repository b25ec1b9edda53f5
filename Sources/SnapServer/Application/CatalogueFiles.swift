import Hummingbird
import Logging
import SnapLocalization

/// The web client's texts: `/i18n/<tag>.json` is the catalogue of one of the seven languages (SnapLocalization's
/// `Catalogues/<tag>.json`), served as the other static files are; any other name under `/i18n/` is a 404.
struct CatalogueFiles<Context: RequestContext>: RouterMiddleware {
    /// The path every catalogue's address starts with.
    static var prefix: String { "/i18n/" }

    private let files: FileMiddleware<Context, LocalFileSystem>

    init(logger: Logger) {
        files = FileMiddleware(
            Catalogue.folder?.path ?? "Catalogues", urlBasePath: String(Self.prefix.dropLast()),
            cacheControl: StaticFileCaching.policy, logger: logger)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix(Self.prefix) else { return try await next(request, context) }
        // Only the languages' own files: not a client's part in a subfolder, nor anything else found there.
        let name = path.dropFirst(Self.prefix.count)
        guard name.hasSuffix(".json"), Language(rawValue: String(name.dropLast(".json".count))) != nil else {
            throw HTTPError(.notFound)
        }
        return try await files.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
    }
}
