// `rotate` from the control socket is answered when its files are turned, not when the turns are
// queued: a program must hear "cannot rotate …" as the reply's error — as the person at the
// screen sees it in the notice — rather than a success for a photo that never changed.

import Control
import Photos

struct RotationReplies {
    private struct Waiting {
        let request: ControlRequest
        var remaining: Int
        var done: [JSONValue] = []
        var failures: [String] = []
    }

    private var waiting: [Int: Waiting] = [:]
    private var lastBatch = 0

    /// The batch number the `count` rotations asked by `request` carry.
    mutating func hold(_ request: ControlRequest, count: Int) -> Int {
        lastBatch += 1
        waiting[lastBatch] = Waiting(request: request, remaining: count)
        return lastBatch
    }

    /// One rotation of `batch` ended: the request and its reply when it was the last.
    mutating func finished(batch: Int, _ result: Result<PhotoRotation.Outcome, RotationError>)
        -> (request: ControlRequest, reply: Result<JSONValue, ControlError>)? {
        guard var batchState = waiting[batch] else { return nil }
        switch result {
        case .success(let outcome):
            var note: JSONValue = .null
            if case .orientationTag(let reason) = outcome.method { note = .string(reason) }
            batchState.done.append(.object([("path", .string(outcome.path.string)), ("degrees", .int(outcome.turn.degrees)),
                                            ("lossless", .bool(note == .null)), ("note", note)]))
        case .failure(let error):
            batchState.failures.append(error.description)
        }
        batchState.remaining -= 1
        guard batchState.remaining <= 0 else {
            waiting[batch] = batchState
            return nil
        }
        waiting[batch] = nil
        guard !batchState.failures.isEmpty else {
            return (batchState.request, .success(.object([("rotated", .array(batchState.done))])))
        }
        let done = batchState.done.isEmpty ? "" : "rotated \(batchState.done.count) of \(batchState.done.count + batchState.failures.count); "
        return (batchState.request, .failure(ControlError(done + batchState.failures.joined(separator: "; "))))
    }
}
