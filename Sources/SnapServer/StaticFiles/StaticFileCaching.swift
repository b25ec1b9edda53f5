import Hummingbird

/// How the static files (the pages, their scripts, styles, icons and catalogues) may be cached: kept, but checked
/// with the server before every use (`no-cache`), against the ETag and Last-Modified the file server sends, so that a
/// browser never runs a script older than the server it talks to, and a file that has not changed costs a 304 and no
/// body.
enum StaticFileCaching {
    /// The Cache-Control of every static file.
    static let policy = CacheControl([(MediaType(type: .any), [.noCache])])
}
