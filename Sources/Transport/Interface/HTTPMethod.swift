/// An HTTP request method. Open-ended so fuzzing can send odd methods.
package struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    package static let get = HTTPMethod(rawValue: "GET")
    package static let post = HTTPMethod(rawValue: "POST")
    package static let put = HTTPMethod(rawValue: "PUT")
    package static let delete = HTTPMethod(rawValue: "DELETE")

    package var description: String { rawValue }
}
