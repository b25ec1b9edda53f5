import Foundation

/// How this `snap` was started, so that the commands it prints for people to copy work as they are.
///
/// `snap` found on PATH is `snap`; a binary SwiftPM built in a package's `.build` folder is `swift run snap`
/// (with `-c release` for a release build, and `--package-path` from another folder); any other is the relative
/// path it was started by, or else its path as short as it can be typed: from the working folder, from `~`, or whole.
struct Invocation: Equatable {
    /// The words that start this `snap` again, such as `swift run snap`.
    let command: String

    /// How this process was started.
    static let current = Invocation(
        executable: executablePath(),
        typed: CommandLine.arguments.first ?? "snap",
        searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "",
        workingDirectory: FileManager.default.currentDirectoryPath,
        home: ProcessInfo.processInfo.environment["HOME"])

    /// Works out the command from the running binary's real path, the first argument as given, PATH and the
    /// working directory (and the home folder, for `~`).
    init(executable: String, typed: String, searchPath: String, workingDirectory: String, home: String? = nil) {
        let real = Self.resolved(executable)
        let onPath = searchPath.split(separator: ":").contains { folder in
            let candidate = "\(folder)/snap"
            return FileManager.default.isExecutableFile(atPath: candidate) && Self.resolved(candidate) == real
        }
        if onPath {
            command = "snap"
        } else if let package = Self.packageBuilding(real) {
            // Whether started by `swift run` or by its path, `swift run` starts this binary again, rebuilt if the
            // sources changed. (`swift run` passes a relative path as the first argument, as a person would type.)
            let configuration = package.release ? " -c release" : ""
            let folder = Self.shortest(package.root, from: workingDirectory, home: home)
            let here = package.root == Self.resolved(workingDirectory) ? "" : " --package-path \(folder)"
            command = "swift run\(configuration)\(here) snap"
        } else if typed.contains("/"), !typed.hasPrefix("/") {
            command = Self.quoted(typed)
        } else {
            command = Self.shortest(real, from: workingDirectory, home: home)
        }
    }

    /// `path` as short as a person can type it in `workingDirectory`: relative to it when it is below it, from `~`,
    /// or whole; quoted when it needs it.
    static func shortest(_ path: String, from workingDirectory: String, home: String?) -> String {
        var candidates = [quoted(path)]
        let here = resolved(workingDirectory)
        if here != "/", path.hasPrefix(here + "/") {
            let rest = String(path.dropFirst(here.count + 1))
            candidates.append(quoted(rest.contains("/") ? rest : "./" + rest))
        }
        if let home, home.count > 1 {
            let folder = resolved(home)
            if path.hasPrefix(folder + "/") {
                let rest = String(path.dropFirst(folder.count + 1))
                // `~` is only expanded unquoted: a path that needs quotes keeps another form.
                if quoted(rest) == rest { candidates.append("~/" + rest) }
            }
        }
        return candidates.min { $0.count < $1.count } ?? quoted(path)
    }

    /// The path of the running binary.
    private static func executablePath() -> String {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments.first ?? "snap"
    }

    /// The package whose `.build` folder holds `binary`, and whether it is a release build: SwiftPM puts products
    /// in `<root>/.build/<configuration>/` or `<root>/.build/<triple>/<configuration>/`.
    private static func packageBuilding(_ binary: String) -> (root: String, release: Bool)? {
        guard let range = binary.range(of: "/.build/", options: .backwards) else { return nil }
        let root = String(binary[..<range.lowerBound])
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else { return nil }
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().lastPathComponent
        return (root, folder == "release")
    }

    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// `text` quoted for a POSIX shell when it needs it.
    private static func quoted(_ text: String) -> String {
        let plain = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "/._-+:@%,="))
        guard text.unicodeScalars.contains(where: { !plain.contains($0) }) else { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
