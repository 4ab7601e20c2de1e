// The frame on the home's MQTT bus (docs/home-assistant.md): one more source of the table's
// commands, one more listener of the events. Messages arrive on the client's thread and wait in
// a bounded mailbox until the frame loop takes them after a wake-up, as the control socket's
// requests do; what can be answered without the screens (discovery again after Home
// Assistant's restart) is answered on that thread.

import Control
import Foundation
import Logging
import Photos
import Screen
import Locking
import Synchronization

final class MqttBridge: Sendable {
    /// What the loop takes from the mailbox.
    enum Incoming: Sendable {
        case command(Result<Command, ControlError>, topic: String)
        /// Someone is in the room: the presence topic said so.
        case presence
    }

    /// A flood beyond this many waiting messages is dropped (and counted): the loop takes them
    /// all after each wake-up, so only a sender far faster than any home gets here.
    static let mailboxLimit = 256

    let topics: MqttTopics
    private let settings: MqttSettings
    private let client: MqttClient
    private let log: Logger
    private let shared = Shared()
    private let photo = MqttPhotoImage()

    /// What the client's thread and the loop share.
    private final class Shared: Sendable {
        let mailbox = Locked<[Incoming]>([])
        /// Messages dropped or refused since the last line about them, and when that line was.
        let refusals = Locked<(count: Int, loggedAt: Double)>((0, -.infinity))
        /// A (re)connection: every state is published again by the loop.
        let statesOwed = Atomic<Bool>(true)
        let bridge = Locked<MqttBridge?>(nil)
        /// When discovery was last announced for Home Assistant's birth message.
        let lastAnnounced = Locked<Double>(-.infinity)
    }

    /// `folders`: the configured folders the Folder select offers (none: no select).
    /// `immich`: a Favourite and an Archive button for the photo on screen.
    init(settings: MqttSettings, folders: [String] = [], immich: Bool = false, log: Logger, wake: @escaping @Sendable () -> Void) throws {
        self.settings = settings
        self.log = log
        let topics = MqttTopics(deviceID: settings.deviceID, discoveryPrefix: settings.discoveryPrefix)
        self.topics = topics
        // A backlight that appears after the start is announced at the next start.
        let discovery = MqttDiscovery.entities(topics: topics, deviceID: settings.deviceID, version: CascadeVersion.string,
                                               backlight: Backlight.find() != nil, folders: folders, immich: immich)
        let shared = self.shared, photo = self.photo
        client = try MqttClient(
            settings: settings, will: .init(topic: topics.availability, payload: "offline"),
            subscriptions: [topics.commands, topics.homeAssistantStatus] + (settings.presenceTopic.map { [$0] } ?? []), log: log,
            connected: { client in
                client.publish(topics.availability, "online", retain: true)
                Self.announce(discovery, prefix: topics.discoveryPrefix, on: client)
                // A broker back from a restart has lost what was retained: the photo's too.
                if let last = photo.last.withLock({ $0 }) { Self.publish(last, topics: topics, on: client) }
                shared.statesOwed.store(true, ordering: .relaxed)
                wake()
            },
            received: { message in
                if message.topic == topics.homeAssistantStatus {
                    // Home Assistant's birth message after its restart: it forgot the device.
                    // Once a second at most: a flood of them must not become a flood of discovery.
                    guard message.payload == Array("online".utf8) else { return }
                    let now = ProcessClock.now()
                    let due = shared.lastAnnounced.withLock { last in
                        defer { if now - last >= 1 { last = now } }
                        return now - last >= 1
                    }
                    if due, let bridge = shared.bridge.withLock({ $0 }) {
                        Self.announce(discovery, prefix: topics.discoveryPrefix, on: bridge.client)
                        shared.statesOwed.store(true, ordering: .relaxed)
                        wake()
                    }
                    return
                }
                // A command or a motion state kept by the broker is old news: someone who once
                // sent "screen off" with the retain flag must not turn the screen off at every
                // reconnect, nor a sensor's last "ON" wake it.
                guard !message.retained else { return }
                let incoming: Incoming
                if message.topic == settings.presenceTopic {
                    let text = String(decoding: message.payload.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                    guard settings.presencePayloads.contains(text) else { return }
                    incoming = .presence
                } else if let name = topics.commandName(of: message.topic) {
                    incoming = .command(MqttRequest.command(name: name, payload: message.payload), topic: message.topic)
                } else {
                    return
                }
                let taken = shared.mailbox.withLock { waiting -> Bool in
                    guard waiting.count < Self.mailboxLimit else { return false }
                    waiting.append(incoming)
                    return true
                }
                if taken { wake() } else { shared.bridge.withLock { $0 }?.refused("too many messages waiting; dropped", topic: message.topic) }
            })
        shared.bridge.withLock { $0 = self }
    }

    private static func announce(_ entities: [MqttDiscovery.Entity], prefix: String, on client: MqttClient) {
        for entity in entities {
            client.publish(MqttDiscovery.topic(of: entity, prefix: prefix), entity.config.text, retain: true)
        }
    }

    func start() {
        log.info("mqtt: \(settings.tls ? "mqtts" : "mqtt")://\(settings.host):\(settings.port) as \(topics.base)")
        client.start()
    }

    /// Everything that came since the last call.
    func take() -> [Incoming] {
        shared.mailbox.withLock { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
        }
    }

    /// A refused message: the reason goes to the device's error topic, and to the log at most
    /// one line in ten seconds (a flood of bad messages must not flood the journal nor the bus).
    func refused(_ reason: String, topic: String) {
        let now = ProcessClock.now()
        let (line, answered): (String?, Bool) = shared.refusals.withLock { state in
            state.count += 1
            guard now - state.loggedAt >= 10 else { return (nil, state.count <= Self.answersPerInterval) }
            defer { state = (0, now) }
            return (state.count > 1 ? "\(reason) (and \(state.count - 1) more refused)" : reason, true)
        }
        if answered { client.publish(topics.error, JSONValue.object([("topic", .string(topic)), ("error", .string(reason))]).text) }
        if let line { log.warning("mqtt: \(topic): \(line)") }
    }

    /// Refusals answered on the error topic between two log lines; a flood of bad messages gets
    /// these answers and no more, so it is not echoed back onto the bus.
    static let answersPerInterval = 20

    /// True once after each (re)connection: the loop publishes every state again.
    func takeStatesOwed() -> Bool { shared.statesOwed.exchange(false, ordering: .relaxed) }

    func publishState(_ name: String, _ payload: String) {
        client.publish(topics.state(name), payload, retain: true)
    }

    func publish(_ topic: String, _ payload: [UInt8], retain: Bool) {
        client.publish(topic, payload, retain: retain)
    }

    /// The slide shown now: the photo sensor's attributes and the image entity's picture.
    func sendPhoto(_ entry: PhotoEntry, loader: TileImageLoader) {
        let topics = self.topics, client = self.client
        photo.send(entry, loader: loader) { made in Self.publish(made, topics: topics, on: client) }
    }

    private static func publish(_ photo: MqttPhotoImage.Published, topics: MqttTopics, on client: MqttClient) {
        client.publish(topics.state("photo/attributes"), photo.attributes, retain: true)
        if let jpeg = photo.jpeg { client.publish(topics.photoImage, jpeg, retain: true) }
    }

    func publishEvent(_ name: String, _ json: JSONValue) {
        client.publish(topics.event(name), json.text)
    }

    /// A clean stop says `offline` itself (the will is for the unclean ones), then disconnects.
    func stop() {
        client.publish(topics.availability, "offline", retain: true)
        client.stop()
    }
}
