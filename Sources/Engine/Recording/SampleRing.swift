import Synchronization

/// A bounded, lock-free multi-producer single-consumer ring of ``RecordedSample``s
/// (Dmitry Vyukov's bounded queue with its consumer side specialised to one thread).
///
/// Invariants that make the `@unchecked Sendable` safe:
/// - Slot `i`'s payload is guarded by `sequences[i]` alone. A producer that wins the CAS on `tail` for
///   position `p` owns slot `p & mask` exclusively until it stores `p + 1` (release). The consumer reads
///   the payload only after loading `p + 1` (acquire), then hands the slot back by storing
///   `p + capacity` (release); the next producer for that slot waits for exactly that value (acquire).
/// - `head` is read and written only by the single consumer thread.
/// - A producer that finds the ring full claims nothing and returns `false`: the caller must record the
///   sample elsewhere, so a sample is never both enqueued and diverted (no loss, no double count).
final class SampleRing: @unchecked Sendable {
    let capacity: Int
    private let mask: Int
    private let sequences: UnsafeMutablePointer<Atomic<Int>>
    private let slots: UnsafeMutablePointer<RecordedSample>
    private let tail = Atomic<Int>(0)
    private var head = 0

    init(capacity: Int) {
        precondition(capacity >= 2 && capacity & (capacity - 1) == 0, "ring capacity must be a power of two")
        self.capacity = capacity
        self.mask = capacity - 1
        sequences = .allocate(capacity: capacity)
        for index in 0..<capacity {
            (sequences + index).initialize(to: Atomic(index))
        }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: .zero, count: capacity)
    }

    deinit {
        sequences.deinitialize(count: capacity)
        sequences.deallocate()
        slots.deinitialize(count: capacity)
        slots.deallocate()
    }

    /// Enqueues `sample` unless the ring is full. Lock-free; safe from any thread.
    func tryPush(_ sample: RecordedSample) -> Bool {
        var position = tail.load(ordering: .relaxed)
        while true {
            let sequence = sequences[position & mask].load(ordering: .acquiring)
            let difference = sequence &- position
            if difference == 0 {
                let (exchanged, original) = tail.compareExchange(
                    expected: position,
                    desired: position &+ 1,
                    ordering: .relaxed
                )
                if exchanged { break }
                position = original
            } else if difference < 0 {
                return false
            } else {
                position = tail.load(ordering: .relaxed)
            }
        }
        slots[position & mask] = sample
        sequences[position & mask].store(position &+ 1, ordering: .releasing)
        return true
    }

    /// Dequeues up to `limit` published samples in order. Consumer thread only.
    ///
    /// Stops early at a slot a producer has claimed but not yet published; that sample is taken by a
    /// later call (at finish every producer has returned, so nothing is left half-published).
    @discardableResult
    func drain(limit: Int, _ body: (RecordedSample) -> Void) -> Int {
        var taken = 0
        while taken < limit {
            let index = head & mask
            guard sequences[index].load(ordering: .acquiring) == head &+ 1 else { break }
            let sample = slots[index]
            sequences[index].store(head &+ capacity, ordering: .releasing)
            head &+= 1
            body(sample)
            taken += 1
        }
        return taken
    }
}
