import Hummingbird

/// Sends the static files of `folder` compressed (``CompressedFiles``) to a browser that accepts it, in front of the
/// file server that sends them as they are; the file server's answers for those files gain `Vary: Accept-Encoding`.
/// Addresses map to files as the file server maps them: `/` and a folder's `/` to its `index.html`.
struct CompressedFileMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The folder the addresses are in.
    let folder: String
    let files: CompressedFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let path = Self.file(at: request.uri.path, in: folder) else { return try await next(request, context) }
        if let compressed = files.response(forFileAt: path, to: request) { return compressed }
        return CompressedFiles.varying(try await next(request, context), forFileAt: path)
    }

    /// The file in `folder` that the address `address` names, when it can be one worth compressing.
    static func file(at address: String, in folder: String) -> String? {
        guard var path = address.removingPercentEncoding, path.hasPrefix("/"), !path.contains("..") else { return nil }
        if path.hasSuffix("/") { path += "index.html" }
        let file = folder + path
        return CompressedFiles.isCompressible(file) ? file : nil
    }
}
