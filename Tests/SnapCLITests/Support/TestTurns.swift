/// Turns for at most `width` tests (or programs a test starts) at once, given in the order they were asked for.
actor TestTurns {
    private let width: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Turns for at most `width` at once.
    init(width: Int) {
        self.width = width
    }

    /// Waits until fewer than `width` tests hold a turn, and takes one.
    func take() async {
        guard running >= width else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Gives a turn back: the longest waiter gets it.
    func give() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
