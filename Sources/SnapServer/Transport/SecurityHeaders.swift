import HTTPTypes

/// The headers a site reachable from the internet should send on every response, errors and refusals too:
/// a Content-Security-Policy that allows only what the pages need, `nosniff`, a referrer policy, and no framing.
///
/// The policy: scripts, styles, fonts and the manifest from this origin only (the pages have no inline script or
/// style: a page sets styles through the DOM, which a policy does not restrict); images from this origin and `data:`
/// (the stylesheet's small icons); connections to this origin and to any `ws:`/`wss:` host, because a table in a
/// cluster may live on another node and the page follows a Redirect there (docs/PROTOCOL.md). No page may be framed:
/// the big screen is opened as a page of its own on the television, never inside another site, so it needs no
/// exception.
enum SecurityHeaders {
    /// The Content-Security-Policy every response carries.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self' ws: wss:", "font-src 'self'", "manifest-src 'self'", "object-src 'none'",
        "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
    ].joined(separator: "; ")

    /// The headers added to every response.
    static let fields: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy,
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
    ]
}
