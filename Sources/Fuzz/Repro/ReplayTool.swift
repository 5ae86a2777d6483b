import Foundation
import Model
import Protocol
import Transport

/// The logic of `gbfuzz replay FILE`: exit 2 when the violation reproduces (and prints it), 0 when
/// it does not, 64 for a bad file, 69 when the target is unreachable.
public enum ReplayTool {
    public static func run(
        file: String,
        target: String?,
        secretKey: String?,
        idPSecret: String = IdPTokenSigner.defaultSecret,
        transport: any HTTPTransport,
        print say: (String) -> Void
    ) async -> Int32 {
        let repro: ReproFile
        do { repro = try ReproFile.load(URL(fileURLWithPath: file)) } catch {
            say("gbfuzz replay: \(error)")
            return 64
        }
        let base = target ?? repro.target.baseURL
        guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
            say("gbfuzz replay: \(file) names target \"\(base)\"; give --target URL")
            return 64
        }
        let client = GamebaseClient(
            transport: transport,
            target: GamebaseTarget(
                baseURL: base,
                appId: repro.semantics.appId,
                secretKey: secretKey ?? GamebaseTarget.defaultSecretKey
            )
        )
        do {
            _ = try await transport.send(HTTPRequest(method: .get, url: base + Endpoint.openAPI, timeout: .seconds(5)))
        } catch {
            say("gbfuzz replay: target \(base) is unreachable: \(error)")
            return 69
        }
        var config = FuzzConfiguration(
            seed: repro.seed,
            semantics: repro.semantics,
            idPSecret: idPSecret,
            capabilities: repro.capabilities
        )
        config.runSalt = "replay"
        let clock = await FuzzCampaign.prepareClock(client: client, configuration: config)
        let result = await Replayer(executor: Executor(client: client, semantics: repro.semantics), clock: clock)
            .replay(repro, idPSecret: idPSecret)
        if result.reproduced, let v = result.violation {
            say("REPRODUCED \(v.rule) at step \(result.run.executed) of \(repro.steps.count): \(v.message)")
            if let r = v.response { say("response: \(r)") }
            return 2
        }
        if let v = result.violation {
            say("not reproduced: a different violation (\(v.rule)) happened instead: \(v.message)")
        } else if result.run.unresolved {
            say("not reproduced: step \(result.run.executed + 1) refers to a value an earlier step did not produce")
        } else {
            say("not reproduced: all \(result.run.executed) steps answered as the model expects")
        }
        return 0
    }
}
