import Foundation
import Protocol

/// A file of knobs (docs/PROTOCOL.md §5): what `gbfuzz serve --config`, `gbfuzz run --semantics`
/// and `gbfuzz calibrate --out` read and write. The knobs sit at the top level, read by
/// ``KnobReader``; beside them a file may hold sections that a reader takes as its own (`server:`,
/// the reference server's secrets) or that every reader skips (`calibration:`, the evidence
/// `gbfuzz calibrate` records for each knob it decided or left undecided).
package enum KnobFile {
    /// The section `gbfuzz calibrate` writes its evidence into.
    package static let calibrationSection = "calibration"

    /// The document at `path` (`nil` when it is empty).
    package static func root(
        path: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigError) -> YAMLWalker? {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigError(.unreadable, file: path, "cannot read: \(error.localizedDescription)")
        }
        return try YAMLWalker.root(yaml: text, file: path, environment: environment)
    }

    /// The knobs of `root` laid over `base`, leaving out `calibration:` and the sections named in
    /// `sections` (which the caller reads itself).
    package static func semantics(
        _ root: YAMLWalker?,
        sections: [String] = [],
        over base: Semantics? = nil
    ) throws(ConfigError) -> Semantics {
        guard let root else { return base ?? .default }
        guard root.isMapping else { throw root.error(.invalidValue, "the file must be a mapping of knobs") }
        var knobs = root.removing(calibrationSection)
        for section in sections { knobs = knobs.removing(section) }
        return try KnobReader.read(knobs, over: base)
    }

    /// The knobs of the file at `path` laid over `base` (`gbfuzz run --semantics`).
    package static func load(path: String, over base: Semantics? = nil) throws(ConfigError) -> Semantics {
        try semantics(try root(path: path), over: base)
    }
}
