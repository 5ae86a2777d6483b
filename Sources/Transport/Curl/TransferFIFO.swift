/// The loop's queue of transfers waiting for admission: first in, first out, storage reused.
struct TransferFIFO {
    private var items: [Transfer] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }

    mutating func push(_ transfer: Transfer) { items.append(transfer) }

    func peek() -> Transfer? { head < items.count ? items[head] : nil }

    mutating func pop() -> Transfer? {
        guard head < items.count else { return nil }
        let first = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return first
    }

    /// Removes `transfer` if queued (a linear scan: only cancellation, a rare path, needs it).
    @discardableResult
    mutating func remove(_ transfer: Transfer) -> Bool {
        guard let index = items[head...].firstIndex(where: { $0 === transfer }) else { return false }
        items.remove(at: index)
        return true
    }
}
