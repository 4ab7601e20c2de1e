// One connection to an MQTT broker through libmosquitto, on a thread of its own: the network
// loop, the reconnects with backoff and the callbacks all run there, so a broker that is down,
// slow or far away never holds up the frame loop. Publishing from any thread only queues the
// packet (libmosquitto's threaded mode wakes the loop thread to write it).
//
// The will is registered with every connection: the broker publishes it when cascade vanishes
// without saying goodbye (power pulled, SIGKILL, network gone past the keep-alive).
//
// It speaks MQTT 5 to say, in its CONNECT, the largest packet it takes (`packetLimit`): the broker
// then drops a larger message for this client instead of sending it, so a 200 MB publish to a
// command topic never reaches cascade's memory — libmosquitto would read a packet whole before
// any callback sees it, and 2.0 has no client-side limit of its own. libmosquitto keeps the
// property for its reconnects.

import CMosquitto
import Foundation
import Logging
import Locking
import Synchronization

public final class MqttClient: @unchecked Sendable {
    public struct Message: Sendable {
        public let topic: String
        /// At most `payloadLimit + 1` bytes: one more than allowed says it was too long.
        public let payload: [UInt8]
        /// Kept by the broker from before this connection's subscription, not sent now.
        public let retained: Bool
    }

    /// What the broker is told to publish for cascade when it vanishes.
    public struct Will: Sendable {
        public let topic: String
        public let payload: String
        public init(topic: String, payload: String) { self.topic = topic; self.payload = payload }
    }

    /// Larger payloads are cut here, before they are copied: the inbox refuses them.
    public static let payloadLimit = 64 << 10
    /// The largest packet the broker may send: a payload of `payloadLimit` and room for its
    /// topic and properties. Larger messages are dropped by the broker (MQTT 5's Maximum Packet Size).
    public static let packetLimit = 128 << 10

    private let handle: OpaquePointer
    private let callbacks: Callbacks
    private let settings: MqttSettings
    private let log: Logger
    private let stopping = Atomic<Bool>(false)
    /// Wakes the connection thread from a wait between reconnects when cascade stops.
    private let stopSignal = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private var thread: Thread?

    /// `connected` runs on the connection thread after each CONNACK (subscribe and republish
    /// there); `received` for each message on a subscribed topic.
    public init(settings: MqttSettings, will: Will, subscriptions: [String], log: Logger,
                connected: @escaping @Sendable (MqttClient) -> Void,
                received: @escaping @Sendable (Message) -> Void) throws(MqttSettingsError) {
        var why: UnsafePointer<CChar>?
        guard cascade_mosquitto_open(&why) else {
            throw MqttSettingsError("--mqtt needs libmosquitto (Debian: libmosquitto1): \(why.map { String(cString: $0) } ?? "cannot open it")")
        }
        mosquitto_lib_init()
        self.settings = settings
        self.log = log
        callbacks = Callbacks(subscriptions: subscriptions, log: log, connected: connected, received: received)
        let id = "cascade-" + settings.deviceID
        guard let handle = mosquitto_new(id, true, Unmanaged.passUnretained(callbacks).toOpaque()) else {
            throw MqttSettingsError("cannot make an MQTT client: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        callbacks.client = self
        mosquitto_threaded_set(handle, true)
        try check(mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5), "MQTT 5")
        // From one second up to a minute between tries: a broker back after a restart is found
        // at once, one down for the night is not hammered.
        mosquitto_reconnect_delay_set(handle, 1, 60, true)
        mosquitto_connect_callback_set(handle, { _, object, code in Callbacks.from(object).didConnect(code) })
        mosquitto_disconnect_callback_set(handle, { _, object, code in Callbacks.from(object).didDisconnect(code) })
        mosquitto_message_callback_set(handle, { _, object, message in
            guard let message else { return }
            Callbacks.from(object).didReceive(message.pointee)
        })
        try check(will.payload.withCString { mosquitto_will_set(handle, will.topic, Int32(strlen($0)), $0, 1, true) }, "the will")
        if let username = settings.username {
            let password = try settings.readPassword()
            try check(mosquitto_username_pw_set(handle, username, password), "the user name")
        }
        if settings.tls {
            let caPath: String? = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(mosquitto_tls_set(handle, settings.caFile, caPath, settings.certFile, settings.keyFile, nil), "TLS")
        }
    }

    deinit {
        // Only once the loop thread is gone (stop waited for it); otherwise the process is ending.
        if thread == nil || finished.wait(timeout: .now()) == .success { mosquitto_destroy(handle) }
    }

    private func check(_ code: Int32, _ what: String) throws(MqttSettingsError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw MqttSettingsError("MQTT \(what): \(String(cString: mosquitto_strerror(code)))")
    }

    public var isConnected: Bool { callbacks.connected.load(ordering: .relaxed) }

    /// Connects in the background and keeps connecting; returns at once.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "cascade.mqtt"
        self.thread = thread
        thread.start()
    }

    private func run() {
        defer { finished.signal() }
        // The blocking connect is the only one that takes properties (libmosquitto 2.0); this is
        // the connection's own thread, so nothing else waits for it.
        var properties: OpaquePointer?
        mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), UInt32(Self.packetLimit))
        // A first connect that fails (no route, a refused handshake) is reported and retried as
        // a lost connection is; libmosquitto keeps the host and the properties for the retries.
        var code = mosquitto_connect_bind_v5(handle, settings.host, Int32(settings.port), Int32(settings.keepAlive), nil, properties)
        mosquitto_property_free_all(&properties)
        var delay = 1.0
        while !stopping.load(ordering: .relaxed) {
            // Reconnects by itself with backoff after a lost connection; returns on what it
            // treats as fatal (a name that does not resolve, TLS, refused credentials).
            if code == MOSQ_ERR_SUCCESS.rawValue { code = mosquitto_loop_forever(handle, 1000, 1) }
            if stopping.load(ordering: .relaxed) { break }
            // Without the delay in it: the same failure at every retry is one line, not one a try.
            callbacks.noteFailure("\(settings.host):\(settings.port): \(reason(code)); trying again after 1 s, less often up to every minute")
            if stopSignal.wait(timeout: .now() + delay) == .success { break }
            delay = min(delay * 2, 60)
            code = mosquitto_reconnect_async(handle)
        }
    }

    private func reason(_ code: Int32) -> String {
        code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
    }

    /// Queues a message; dropped (false) while not connected — the states are published again
    /// on the next connection.
    @discardableResult
    public func publish(_ topic: String, _ payload: [UInt8], retain: Bool = false) -> Bool {
        guard isConnected else { return false }
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle, nil, topic, Int32(bytes.count), bytes.baseAddress, 1, retain)
        }
        return code == MOSQ_ERR_SUCCESS.rawValue
    }

    @discardableResult
    public func publish(_ topic: String, _ text: String, retain: Bool = false) -> Bool {
        publish(topic, Array(text.utf8), retain: retain)
    }

    func subscribe(_ topic: String) {
        mosquitto_subscribe(handle, nil, topic, 1)
    }

    /// Disconnects (what was published before goes out first) and waits up to `timeout` for the
    /// connection thread: a broker that does not answer must not hold up the exit.
    public func stop(timeout: Double = 1) {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        mosquitto_disconnect(handle)
        stopSignal.signal()
        if thread != nil, finished.wait(timeout: .now() + timeout) == .success { finished.signal() }
    }
}

/// What libmosquitto calls back, on the connection thread. A class so that its address can be
/// the callbacks' user data.
private final class Callbacks: @unchecked Sendable {
    let subscriptions: [String]
    let log: Logger
    let connectedHandler: @Sendable (MqttClient) -> Void
    let received: @Sendable (MqttClient.Message) -> Void
    let connected = Atomic<Bool>(false)
    /// The last failure logged: the same one again, every minute of a night without a broker,
    /// is not logged again.
    private let lastFailure = Locked<String?>(nil)
    weak var client: MqttClient?

    init(subscriptions: [String], log: Logger, connected: @escaping @Sendable (MqttClient) -> Void,
         received: @escaping @Sendable (MqttClient.Message) -> Void) {
        self.subscriptions = subscriptions
        self.log = log
        connectedHandler = connected
        self.received = received
    }

    static func from(_ object: UnsafeMutableRawPointer?) -> Callbacks {
        Unmanaged<Callbacks>.fromOpaque(object!).takeUnretainedValue()
    }

    func noteFailure(_ text: String) {
        let isNew = lastFailure.withLock { last in
            defer { last = text }
            return last != text
        }
        if isNew { log.warning("mqtt: \(text)") }
    }

    func didConnect(_ code: Int32) {
        guard code == 0 else {
            // MQTT 5's reason codes are 128 and up; 1 to 5 are 3.1's, from a broker too old for 5.
            let reason = code == 1 ? "it does not speak MQTT 5"
                : String(cString: code >= 128 ? mosquitto_reason_string(code) : mosquitto_connack_string(code))
            noteFailure("the broker refused the connection: \(reason)")
            return
        }
        lastFailure.withLock { $0 = nil }
        connected.store(true, ordering: .relaxed)
        log.info("mqtt: connected")
        guard let client else { return }
        for topic in subscriptions { client.subscribe(topic) }
        connectedHandler(client)
    }

    func didDisconnect(_ code: Int32) {
        let was = connected.exchange(false, ordering: .relaxed)
        if was, code != 0 { log.warning("mqtt: connection lost (\(String(cString: mosquitto_strerror(code)))); reconnecting") }
    }

    func didReceive(_ message: mosquitto_message) {
        guard let topicPointer = message.topic else { return }
        let count = min(Int(message.payloadlen), MqttClient.payloadLimit + 1)
        let payload = count > 0 && message.payload != nil
            ? Array(UnsafeRawBufferPointer(start: message.payload, count: count)) : []
        received(MqttClient.Message(topic: String(cString: topicPointer), payload: payload, retained: message.retain))
    }
}
