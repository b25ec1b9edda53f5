extension SnapClient {
    /// Connects to the server a table's link names and sits down at that table: the link the server prints and puts
    /// in its QR code (`http://192.168.1.20:8080/?t=KXPT`), or any ``SnapAddress`` with a table code in it.
    ///
    /// ```swift
    /// let client = try await SnapClient.join("http://192.168.1.20:8080/?t=KXPT", name: "Ann")
    /// ```
    ///
    /// - Throws: ``SnapClientError/invalidAddress(_:)`` when `link` names no table, any error of
    ///   ``connect(to:name:configuration:)-(String,_,_)``, and any of ``sitDown(at:solo:)`` (the connection is then
    ///   closed).
    public static func join(
        _ link: String, name: String, configuration: Configuration = Configuration()
    ) async throws(SnapClientError) -> SnapClient {
        let address = try SnapAddress(link)
        guard let code = address.tableCode else { throw .invalidAddress(link) }
        return try await join(table: code, at: address, name: name, configuration: configuration)
    }

    /// Connects to the server at `address` and sits down at its table `code`.
    ///
    /// - Throws: any error of ``connect(to:name:configuration:)-(SnapAddress,_,_)`` and of ``sitDown(at:solo:)``
    ///   (the connection is then closed).
    public static func join(
        table code: String, at address: SnapAddress, name: String, configuration: Configuration = Configuration()
    ) async throws(SnapClientError) -> SnapClient {
        let client = try await connect(to: address, name: name, configuration: configuration)
        do throws(SnapClientError) {
            _ = try await client.sitDown(at: code)
        } catch {
            await client.disconnect()
            throw error
        }
        return client
    }
}
