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

    package func file(for shrunk: Shrinker.Result, original: Violation) -> ReproFile {
        let v = shrunk.violation ?? original
        let steps = shrunk.sequence.enumerated().map { i, op in
            let run = shrunk.run?.steps
            return ReproFile.Step(
                id: op.id,
                kind: op.kind,
                text: op.action.description,
                action: op.action,
                expectedCodes: run.flatMap { i < $0.count ? $0[i].predicted.map(\.rawValue) : nil } ?? [],
                observedCode: run.flatMap { i < $0.count ? $0[i].observed?.rawValue : nil }
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
            originalLength: shrunk.originalLength
        )
    }

    /// Writes `NNN.json` and `NNN.sh` into `directory`; returns their URLs.
    @discardableResult
    package func write(_ repro: ReproFile, salt: String, number: Int, to directory: URL) async throws -> (
        json: URL, script: URL
    ) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let name = String(format: "%03d", number)
        let json = directory.appendingPathComponent("\(name).json")
        let sh = directory.appendingPathComponent("\(name).sh")
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try enc.encode(repro).write(to: json, options: .atomic)
        let script = await CurlScript(configuration: configuration, repro: repro, salt: salt).render()
        try Data(script.utf8).write(to: sh, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sh.path)
        return (json, sh)
    }
}
