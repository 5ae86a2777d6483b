import Protocol

/// The body of add mapping forcibly and change login (docs/PROTOCOL.md §2.6, §2.7).
package struct ForcingMappingInput: Sendable {
    package var forcingMappingKey: String
    package var idPCode: String
    package var accessToken: String

    package init(_ r: ObjectReader?) {
        forcingMappingKey = r?.string("forcingMappingKey", required: true) ?? ""
        idPCode = r?.string("idPCode", required: true) ?? ""
        accessToken = r?.string("accessToken", required: true) ?? ""
    }
}
