import Model
import Protocol
import Testing

/// A model state is a value: its collections share one copy-on-write box, so a copy costs one
/// reference, yet changing a copy never shows in the original, and equality and hashing look at
/// the contents, not at the box.
@Suite("Model state: a value whose copies share storage until one changes")
struct ModelStateStorageTests {
    static let user = Sym(.user, 1)
    static let token = Sym(.token, 1)

    static func state() -> ModelState {
        var s = ModelState()
        s.users[user] = UserState(authList: [AccountRef(.guest, 0)])
        s.owners[AccountRef(.guest, 0)] = user
        s.bind(user, "U-one")
        s.devices[DeviceRef(0)] = token
        s.timeFloor = 5
        return s
    }

    @Test("changing a copy, through any field, leaves the original as it was")
    func copiesAreIndependent() {
        let original = Self.state()
        var copy = original
        copy.bind(Self.token, "T-one")
        copy.devices[DeviceRef(1)] = Self.token
        copy.users[Self.user]?.lost = true
        copy.timeFloor = 9
        copy.owners[AccountRef(.guest, 0)] = nil
        #expect(original.value(of: Self.token) == nil)
        #expect(original.symbol(forValue: "T-one", kind: .token) == nil)
        #expect(original.devices[DeviceRef(1)] == nil)
        #expect(original.users[Self.user]?.lost == false)
        #expect(original.timeFloor == 5)
        #expect(original.owners[AccountRef(.guest, 0)] == Self.user)
        #expect(copy.value(of: Self.token) == "T-one")
        #expect(copy.symbol(forValue: "T-one", kind: .token) == Self.token)
        #expect(copy.timeFloor == 9)
        #expect(copy != original)
    }

    @Test("states built apart with the same contents are equal and hash alike; a copy equals its original")
    func equalityIsByContents() {
        let a = Self.state()
        let b = Self.state()
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        let c = a
        #expect(c == a)
        var d = a
        d.timeFloor = 5  // the same value written: a new box, the same contents
        #expect(d == a)
        #expect(Set([a, b, c, d]).count == 1)
    }

    @Test("forgetting bindings forgets their values both ways, in the copy only")
    func keepBindingsTouchesOnlyTheCopy() {
        let original = Self.state()
        var copy = original
        copy.keepBindings { $0 != Self.user }
        #expect(copy.value(of: Self.user) == nil)
        #expect(copy.symbol(forValue: "U-one", kind: .user) == nil)
        #expect(original.value(of: Self.user) == "U-one")
        #expect(original.symbol(forValue: "U-one", kind: .user) == Self.user)
    }
}
