import Hummingbird
import RequestInput

extension QueryReader {
    /// The request's query parameters, percent-decoded (``Gateway/query(_:)``).
    init(_ request: Request, _ validator: Validator) {
        self.init(values: Gateway.query(request), validator)
    }
}
