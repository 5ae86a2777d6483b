import Foundation
import Model
import Protocol

/// Writes `violations/NNN.json` and `violations/NNN.sh` for a shrunk violation (atomically).
package struct Reproducer: Sendable {
    package var configuration: FuzzConfiguration
    package var target: ReproFile.Target

    package init(configuration: FuzzConfiguration, target: ReproFile.Target) {
        self.configuration = configuration
        self.target = target
    }

    package func file(for shrunk: Shrinker.Result, original: Violation, standing: ReproStanding? = nil) -> ReproFile {
        let v = shrunk.violation ?? original
        let steps = shrunk.sequence.enumerated().map { i, op in
            let run = shrunk.run?.steps
            return ReproFile.Step(
                id: op.id,
                kind: op.kind,
                text: op.action.description,
                action: op.action,
                expectedCodes: run.flatMap { i < $0.count ? $0[i].predicted.map(\.rawValue) : nil } ?? [],
                observedCode: run.flatMap { i < $0.count ? $0[i].observed?.rawValue : nil },
                edge: op.edge
            )
        }
        return ReproFile(
            schema: ReproFile.schemaName,
            rule: v.rule,
            message: v.message,
            field: v.field,
            expected: v.expected,
            observed: v.observed,
            seed: v.seed,
            semantics: configuration.semantics,
            capabilities: configuration.capabilities,
            target: target,
            steps: steps,
            originalLength: shrunk.originalLength,
            standing: standing
        )
    }

    /// The two files of a reproducer, rendered: `NNN.json` and the curl script `NNN.sh`.
    package struct Rendered: Sendable {
        package var json: Data
        package var script: String
    }

    /// Renders `repro` (the script with `salt` as its default identity salt).
    package func render(_ repro: ReproFile, salt: String) async throws -> Rendered {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json = try enc.encode(repro)
        let script = await CurlScript(configuration: configuration, repro: repro, salt: salt).render()
        return Rendered(json: json, script: script)
    }

    /// The file names of reproducer `number` (`007.json`, `007.sh`).
    package static func fileNames(number: Int) -> (json: String, script: String) {
        let name = String(format: "%03d", number)
        return ("\(name).json", "\(name).sh")
    }

    /// Writes `NNN.json` and `NNN.sh` into `directory`; returns their URLs.
    @discardableResult
    package func write(_ repro: ReproFile, salt: String, number: Int, to directory: URL) async throws -> (
        json: URL, script: URL
    ) {
        try Self.write(try await render(repro, salt: salt), number: number, to: directory)
    }

    /// Writes rendered reproducer files into `directory` (created if needed); returns their URLs.
    @discardableResult
    package static func write(_ rendered: Rendered, number: Int, to directory: URL) throws -> (json: URL, script: URL) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let names = fileNames(number: number)
        let json = directory.appendingPathComponent(names.json)
        let sh = directory.appendingPathComponent(names.script)
        try rendered.json.write(to: json, options: .atomic)
        try Data(rendered.script.utf8).write(to: sh, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sh.path)
        return (json, sh)
    }
}
