import Basics
import Config
import Fuzz
import Plan
import Protocol
import Transport

/// Finds out what a target offers before a run: whether it answers at all, whether it speaks the
/// Gamebase protocol (a run against something else would report every answer as a violation),
/// whether the secret key opens the Server API, and whether it has test control (and so reports
/// its knobs). Every request is bounded by the probe's timeout.
enum Probe {
    struct Result {
        var semantics: Semantics
        /// The knobs the target itself reported (test control), before any profile or file.
        var reported: Semantics?
        /// No test control, but E17 gave this maintenance schedule (ours, docs/PROTOCOL.md §3).
        var reportedMaintenance: MaintenanceSemantics?
        var capabilities: TargetCapabilities
        var notes: [String]
    }

    static func run(client: GamebaseClient, profile: Profile) async throws(CommandError) -> Result {
        try await identify(client)
        var notes: [String] = []
        var testControl = false
        var secretAccepted = true
        var semantics = profile.semantics ?? .default
        var reported: Semantics?
        do {
            let r = try await client.testSemantics()
            if r.resultCode.isSuccess { reported = r.body.semantics }
            if r.resultCode.isSuccess, let s = r.body.semantics, let problem = s.problems().first {
                // Knobs outside docs/PROTOCOL.md §5's bounds: never judged with, and never silently
                // replaced by defaults (a correct target would then be flagged for its own knobs).
                testControl = true
                guard profile.semantics != nil || profile.semanticsFile != nil else {
                    throw CommandError(
                        .usage,
                        "the target reports knobs gbfuzz cannot judge with (\(problem)): give them with --semantics FILE (gbfuzz calibrate writes one) or the profile's semantics:"
                    )
                }
                if let file = profile.semanticsFile, !profile.semanticsFileOverProfile,
                    let over = try? KnobFile.load(path: file, over: semantics)
                {
                    semantics = over
                }
                notes.append(
                    "the target reports knobs gbfuzz cannot use (\(problem)): using \(profile.semanticsFile ?? "the profile's")"
                )
            } else if r.resultCode.isSuccess, let s = r.body.semantics {
                testControl = true
                if let file = profile.semanticsFile {
                    // The file names what it decided; the rest comes from the target's own report
                    // unless the profile had knobs of its own.
                    if !profile.semanticsFileOverProfile, let over = try? KnobFile.load(path: file, over: s) {
                        semantics = over
                    }
                    if s != semantics, !profile.target.isEmbedded {
                        notes.append("the target reports other knobs than \(file): using \(file)'s (--semantics)")
                    }
                } else {
                    if let mine = profile.semantics, mine != s, !profile.target.isEmbedded {
                        notes.append("the target's knobs differ from the profile's semantics: using the target's")
                    }
                    semantics = s
                }
            } else if r.resultCode == .invalidSecretKey {
                secretAccepted = false
            } else {
                notes.append("no test control (\(r.resultCode)): time-dependent checks use the local clock")
            }
        } catch let e as TransportError {
            throw unreachable(client, e)
        } catch let e as CommandError {
            throw e
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
                throw unreachable(client, e)
            } catch {
                notes.append("the Server API did not answer as documented (\(error)): Server API moves off")
            }
        }
        // E16's route is ours (docs/PROTOCOL.md §3): a token no target issued is -4010203 where it
        // exists; -4060003, an HTTP 404 page or any other answer means it does not.
        var idPProfile = false
        if serverAPI {
            do {
                let r = try await client.idPTokenAndProfile(
                    userId: "GBFUZZPROBE",
                    accessToken: "gbfuzz-probe-not-a-token"
                )
                idPProfile = r.resultCode == .gatewayInvalidAccessToken
            } catch let e as TransportError {
                throw unreachable(client, e)
            } catch {
                idPProfile = false
            }
            if !idPProfile {
                notes.append("no E16 Get IdP Token and Profile (its route is this project's): server.profile moves off")
            }
        }
        // Without test control, E17 (ours) is where a target can tell its maintenance schedule.
        var reportedMaintenance: MaintenanceSemantics?
        if serverAPI, !testControl {
            reportedMaintenance = try await maintenanceSchedule(client, profile, &semantics, &notes)
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
            reported: reported,
            reportedMaintenance: reportedMaintenance,
            capabilities: TargetCapabilities(serverAPI: serverAPI, testControl: testControl, idPProfile: idPProfile),
            notes: notes
        )
    }

    /// Asks for a member with a token no target can have issued: every Gamebase target answers
    /// with an envelope (an error code), without changing anything. Anything else — another
    /// HTTP status, HTML, JSON without the header — is not a Gamebase target: exit 69 with what
    /// was seen.
    static func identify(_ client: GamebaseClient) async throws(CommandError) {
        do {
            _ = try await client.getOwnMember(device: "gbfuzz-probe", accessToken: "gbfuzz-probe-not-a-token")
        } catch let e as TransportError {
            throw unreachable(client, e)
        } catch let e as ProtocolError {
            throw CommandError(
                .unreachable,
                "target \(client.target.baseURL) does not speak the Gamebase protocol: "
                    + "\(seen(e.response)) to GET \(Endpoint.ownMember(client.target.appId)) (\(e.message))"
            )
        } catch {
            throw CommandError(.software, "probing the target: \(error)")
        }
    }

    /// `HTTP 501, text/html, "<!DOCTYPE HTML…"`: the status, the type and the first bytes.
    static func seen(_ response: HTTPResponse) -> String {
        var parts = ["HTTP \(response.status)"]
        if let type = response.headers["Content-Type"] { parts.append(type) }
        let head = String(decoding: response.body.prefix(80), as: UTF8.self)
            .map { $0.isNewline ? " " : $0 }
        if !head.isEmpty { parts.append("\"\(String(head))\(response.body.count > 80 ? "…" : "")\"") }
        return parts.joined(separator: ", ")
    }

    static func unreachable(_ client: GamebaseClient, _ e: TransportError) -> CommandError {
        CommandError(.unreachable, "target \(client.target.baseURL) is unreachable: \(e)")
    }
}
