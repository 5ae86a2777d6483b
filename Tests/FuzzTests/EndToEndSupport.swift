import Engine
import Fuzz
import Model
import Synchronization

/// The shrinker's candidate log, kept for the failure message of a test.
final class ShrinkLog: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    func tail(_ n: Int) -> [String] { lines.withLock { Array($0.suffix(n)) } }
}
