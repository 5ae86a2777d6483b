import Config
import Foundation
import Protocol
import ReferenceServer
import Testing

/// The path through the executable: a server with a dialect, `gbfuzz calibrate` against
/// it, then `gbfuzz run … --semantics` with what it wrote (clean), and with the default knobs
/// (violations); and the command's mistakes with their documented codes.
@Suite("gbfuzz calibrate and run --semantics", .serialized, .timeLimit(.minutes(6)))
struct CalibrateCommandTests {
    func gbfuzz(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let log = E2E.temporaryDirectory("calibrate").appendingPathComponent("out.log")
        let status = try await E2E.runGbfuzz(arguments, log: log)
        return (status, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    @Test(
        "Against the older edition: calibrate writes 3005 and allow, the fuzz run with it exits 0, with the defaults 2"
    )
    func olderEdition() async throws {
        let dialect = E2E.root.appendingPathComponent("profiles/dialects/older-edition.yaml").path
        let server = try await ReferenceServer.start(ServerConfiguration(semantics: try KnobFile.load(path: dialect)))
        let dir = E2E.temporaryDirectory("calibrate-run")
        let knobs = dir.appendingPathComponent("k.yaml").path
        do {
            let calibrate = try await gbfuzz(["calibrate", "--target", server.baseURL, "--out", knobs])
            #expect(calibrate.status == 0, "\(calibrate.output)")
            let calibrated = try KnobFile.load(path: knobs)
            #expect(calibrated.ban.code == .authBannedMember && calibrated.login.alreadyLoggedIn == .allow)
            #expect(!calibrated.transferAccount.enabled && calibrated.transferKey.enabled)
            let text = try String(contentsOfFile: knobs, encoding: .utf8)
            #expect(text.contains("calibration:") && text.contains("value: undecided"), "\(text)")

            let common = [
                "run", E2E.profile("fuzz"), "--target", server.baseURL, "--duration", "6s", "--progress", "off",
            ]
            let clean = try await gbfuzz(
                common + ["--semantics", knobs, "--out", dir.appendingPathComponent("clean").path]
            )
            #expect(clean.status == 0, "\(clean.output.suffix(3000))")
            let current = E2E.root.appendingPathComponent("profiles/dialects/current.yaml").path
            let judgedByDefaults = try await gbfuzz(
                common + [
                    "--semantics", current, "--fail-fast", "--out", dir.appendingPathComponent("defaults").path,
                ]
            )
            #expect(judgedByDefaults.status == 2, "\(judgedByDefaults.output.suffix(3000))")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
        try? FileManager.default.removeItem(at: dir)
    }

    @Test("Mistakes: an unreachable target is 69, an unwritable --out 73, a bad --semantics file 64 naming its key")
    func mistakes() async throws {
        let unreachable = try await gbfuzz(["calibrate", "--target", "http://127.0.0.1:9"])
        #expect(unreachable.status == 69, "\(unreachable.output)")
        let badURL = try await gbfuzz(["calibrate", "--target", "not a url"])
        #expect(badURL.status == 64, "\(badURL.output)")
        let server = try await ReferenceServer.start(ServerConfiguration())
        do {
            let unwritable = try await gbfuzz([
                "calibrate", "--target", server.baseURL, "--out", "/nonexistent-folder/k.yaml",
            ])
            #expect(unwritable.status == 73, "\(unwritable.output)")
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
        let bad = E2E.writeProfile("tokens:\n  perDevice: several\n", name: "bad-knobs")
        let run = try await gbfuzz(["run", E2E.profile("smoke"), "--semantics", bad, "--duration", "1s"])
        #expect(run.status == 64 && run.output.contains("tokens.perDevice"), "\(run.output)")
    }
}
