import Engine
import Foundation

/// The live progress output: one line redrawn in place (at most once a second) on a terminal, plain
/// lines every few seconds otherwise (CI logs).
package struct ProgressPrinter: Sendable {
    /// What the progress line shows besides the recorder's snapshot.
    package struct State: Sendable {
        package var snapshot: LiveSnapshot
        package var violations: Int
        /// The phase of the run (`load`, `drain`, `audit 12/40`…), when known.
        package var phase: String?
        /// Live players (sessions) and requests in flight, when known.
        package var players: Int?
        package var inFlight: Int?
        package init(
            snapshot: LiveSnapshot,
            violations: Int,
            phase: String? = nil,
            players: Int? = nil,
            inFlight: Int? = nil
        ) {
            self.snapshot = snapshot
            self.violations = violations
            self.phase = phase
            self.players = players
            self.inFlight = inFlight
        }
    }

    package let isTerminal: Bool
    /// The planned run length, shown as "elapsed / total" when known.
    package let total: Duration?
    package let interval: Duration
    private let output: @Sendable (String) -> Void

    /// - Parameters:
    ///   - total: the planned duration, if any.
    ///   - isTerminal: redraw one line with `\r` (default: whether standard output is a TTY).
    ///   - interval: how often to print (default 1 s on a terminal, 5 s otherwise).
    ///   - output: where text goes (default: standard output).
    package init(
        total: Duration?,
        isTerminal: Bool = isatty(STDOUT_FILENO) != 0,
        interval: Duration? = nil,
        output: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) }
    ) {
        self.total = total
        self.isTerminal = isTerminal
        self.interval = max(interval ?? (isTerminal ? .seconds(1) : .seconds(5)), isTerminal ? .seconds(1) : .zero)
        self.output = output
    }

    /// Prints progress until the task is cancelled, then the final state once more (so the last
    /// line shows where the run ended) and ends the line on a terminal.
    package func run(state: @Sendable () -> State) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                break
            }
            print(state())
        }
        print(state())
        if isTerminal { output("\n") }
    }

    /// Prints one update.
    package func print(_ state: State) {
        let text = line(state)
        output(isTerminal ? "\r" + text + "\u{1B}[K" : text + "\n")
    }

    /// The progress text, e.g. `[ 12.0s / 60.0s] 12,345 req  1,020 ops/s  p99 12.35 ms  failed 3  transport 0  violations 0`.
    package func line(_ state: State) -> String {
        let snapshot = state.snapshot
        var elapsed = Formatting.duration(seconds: RunSummaryTime.seconds(snapshot.elapsed))
        if let total { elapsed += " / " + Formatting.duration(seconds: RunSummaryTime.seconds(total)) }
        var text = "[\(elapsed)] "
        if let phase = state.phase { text += phase + "  " }
        text +=
            "\(Formatting.count(snapshot.requests)) req  "
            + "\(Formatting.rate(snapshot.opsPerSecond)) ops/s  "
            + "p99 \(Formatting.milliseconds(snapshot.latencyP99Ms)) ms  "
        if let players = state.players { text += "players \(Formatting.count(players))  " }
        if let inFlight = state.inFlight { text += "in flight \(Formatting.count(inFlight))  " }
        return text
            + "failed \(Formatting.count(snapshot.failed))  "
            + "transport \(Formatting.count(snapshot.transportErrors))  "
            + "violations \(Formatting.count(state.violations))"
    }
}
