import Basics
import Engine
import Fuzz
import Plan
import Protocol
import Transport

/// Finds out what a target offers before a run: whether it answers at all, whether the secret
/// key opens the Server API, whether it has test control (and so reports its knobs).
enum Probe {
    struct Result {
        var semantics: Semantics
        var capabilities: TargetCapabilities
        var notes: [String]
    }

    static func run(client: GamebaseClient, profile: Profile) async throws(CommandError) -> Result {
        var notes: [String] = []
        var testControl = false
        var secretAccepted = true
        var semantics = profile.semantics ?? .default
        do {
            let r = try await client.testSemantics()
            if r.resultCode.isSuccess, let s = r.body.semantics {
                testControl = true
                if let mine = profile.semantics, mine != s, !profile.target.isEmbedded {
                    notes.append("the target's knobs differ from the profile's semantics: using the target's")
                }
                semantics = s
            } else if r.resultCode == .invalidSecretKey {
                secretAccepted = false
            } else {
                notes.append("no test control (\(r.resultCode)): time-dependent checks use the local clock")
            }
        } catch let e as TransportError {
            throw CommandError(.unreachable, "target \(client.target.baseURL) is unreachable: \(e)")
        } catch let e as ProtocolError {
            notes.append("no test control (\(e.code)): time-dependent checks use the local clock")
        } catch {
            throw CommandError(.software, "probing the target: \(error)")
        }
        var serverAPI = false
        if secretAccepted {
            do {
                let r = try await client.getMembers(["GBFUZZPROBE"])
                serverAPI = r.resultCode.isSuccess
                if r.resultCode == .invalidSecretKey { secretAccepted = false }
            } catch let e as TransportError {
                throw CommandError(.unreachable, "target \(client.target.baseURL) is unreachable: \(e)")
            } catch {
                notes.append("the Server API did not answer as documented (\(error)): Server API moves off")
            }
        }
        if !secretAccepted {
            notes.append(
                "the target rejects the secret key (-4010004): Server API moves, test control and the audit are off"
            )
        }
        if !testControl && profile.semantics == nil && !profile.target.isEmbedded {
            notes.append("no knobs from the target or the profile: assuming the defaults of docs/PROTOCOL.md §5")
        }
        if let mode = profile.target.idpTokenMode { semantics.idp.tokenMode = mode }
        return Result(
            semantics: semantics,
            capabilities: TargetCapabilities(serverAPI: serverAPI, testControl: testControl),
            notes: notes
        )
    }
}
