/// The reference server could not start (it stopped before listening, or could not open its store).
package struct ServerStartError: Error, Sendable, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
