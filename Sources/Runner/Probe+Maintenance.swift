import Basics
import Config
import Plan
import Protocol
import Transport

extension Probe {
    /// E17 (ours, docs/PROTOCOL.md §3): the maintenance schedule of a target without test control.
    /// Returns the schedule it reported (`nil` when it has no E17 or reported one outside §5's
    /// bounds) and puts it into `semantics` unless a `--semantics` file names a schedule, as with a
    /// target's test control.
    static func maintenanceSchedule(
        _ client: GamebaseClient,
        _ profile: Profile,
        _ semantics: inout Semantics,
        _ notes: inout [String]
    ) async throws(CommandError) -> MaintenanceSemantics? {
        let reply: Reply<MaintenanceResponse>
        do {
            reply = try await client.maintenance(via: .serverAPI)
        } catch let e as TransportError {
            throw unreachable(client, e)
        } catch {
            notes.append("no E17 maintenance schedule (its route is this project's): the profile's schedule holds")
            return nil
        }
        guard reply.resultCode.isSuccess, let schedule = reply.body.maintenance else {
            notes.append("no E17 maintenance schedule (\(reply.resultCode)): the profile's schedule holds")
            return nil
        }
        var told = semantics
        told.maintenance = schedule
        if let problem = told.problems().first(where: { $0.key.hasPrefix("maintenance.") }) {
            notes.append("the target's maintenance schedule (E17) is out of bounds (\(problem)): not used")
            return nil
        }
        if let file = profile.semanticsFile, let over = try? KnobFile.load(path: file, over: told) {
            // The file's knobs win where it names them, the maintenance schedule too.
            told = over
            if told.maintenance != schedule {
                notes.append("the target's maintenance schedule (E17) is not \(file)'s: using \(file)'s (--semantics)")
            }
        } else if schedule != semantics.maintenance {
            notes.append("the target's maintenance schedule (E17) is not the profile's: using the target's")
        }
        semantics = told
        return schedule
    }
}
