import Hummingbird
import Logging
import SnapLocalization

/// The web client's texts: `/i18n/<tag>.json` is the catalogue of one of the seven languages (SnapLocalization's
/// `Catalogues/<tag>.json`), served as the other static files are (compressed where the browser accepts it); any
/// other name under `/i18n/` is a 404.
struct CatalogueFiles<Context: RequestContext>: RouterMiddleware {
    /// The path every catalogue's address starts with.
    static var prefix: String { "/i18n/" }

    private let folder: String
    private let files: FileMiddleware<Context, LocalFileSystem>
    private let compressed: CompressedFiles

    init(compressed: CompressedFiles = .shared, logger: Logger) {
        folder = Catalogue.folder?.path ?? "Catalogues"
        files = FileMiddleware(
            folder, urlBasePath: String(Self.prefix.dropLast()), cacheControl: StaticFileCaching.policy, logger: logger)
        self.compressed = compressed
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix(Self.prefix) else { return try await next(request, context) }
        // Only the languages' own files: not a client's part in a subfolder, nor anything else found there.
        let name = path.dropFirst(Self.prefix.count)
        guard name.hasSuffix(".json"), Language(rawValue: String(name.dropLast(".json".count))) != nil else {
            throw HTTPError(.notFound)
        }
        let file = "\(folder)/\(name)"
        if let response = compressed.response(forFileAt: file, to: request) { return response }
        let response = try await files.handle(request, context: context) { _, _ in throw HTTPError(.notFound) }
        return CompressedFiles.varying(response, forFileAt: file)
    }
}
