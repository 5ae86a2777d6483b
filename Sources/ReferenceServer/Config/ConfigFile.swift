import Config
import Foundation
import Protocol

/// What a `--config FILE` holds: the semantic knobs of docs/PROTOCOL.md §5 at the top level, plus
/// an optional `server:` section with the secrets (`secretKey`, `idpSecret`). YAML or JSON.
///
/// The knobs go through the same ``KnobReader`` as a profile's `semantics:` section and `gbfuzz run
/// --semantics` (``KnobFile``), so a file one accepts the other accepts, and errors name the file,
/// the key and the line the same way.
package struct ConfigFile: Sendable {
    package var semantics: Semantics
    package var secretKey: String?
    package var idpSecret: String?

    package init(semantics: Semantics, secretKey: String? = nil, idpSecret: String? = nil) {
        self.semantics = semantics
        self.secretKey = secretKey
        self.idpSecret = idpSecret
    }

    /// Reads and validates `path`.
    package static func load(
        path: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> ConfigFile {
        try read(try KnobFile.root(path: path, environment: environment))
    }

    /// Parses and validates configuration text; `file` names it in messages.
    package static func parse(
        _ text: String,
        file: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> ConfigFile {
        try read(try YAMLWalker.root(yaml: text, file: file, environment: environment))
    }

    /// The knobs (``KnobFile``: a calibration's evidence is skipped) and the `server:` section.
    private static func read(_ root: YAMLWalker?) throws(ConfigError) -> ConfigFile {
        guard let root else { return ConfigFile(semantics: .default) }
        guard root.isMapping else {
            throw root.error(.invalidValue, "the configuration must be a mapping of knobs")
        }
        var config = ConfigFile(semantics: try KnobFile.semantics(root, sections: ["server"]))
        do {
            if let server = try root.freeMapping().first(where: { $0.key == "server" })?.value {
                let m = try server.mapping(allowed: ["secretKey", "idpSecret"])
                config.secretKey = try m["secretKey"].map(secret)
                config.idpSecret = try m["idpSecret"].map(secret)
            }
        } catch let e as ConfigError {
            throw e
        } catch {
            throw root.error(.invalidValue, "\(error)")
        }
        return config
    }

    private static func secret(_ w: YAMLWalker) throws -> String {
        let s = try w.string()
        guard !s.isEmpty else { throw w.error(.invalidValue, "must be a non-empty string") }
        return s
    }
}
