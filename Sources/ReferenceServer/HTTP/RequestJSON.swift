import RequestInput

/// The server reads request bodies as ``RequestInput``'s JSON value (numbers with their exact integer
/// reading, for §1.3's bad-input rows). `Protocol` has a `JSONValue` of its own, the harness's
/// reply fast path; within the server the name means this one.
typealias JSONValue = RequestInput.JSONValue
