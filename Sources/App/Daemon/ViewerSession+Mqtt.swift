// The frame loop's side of MQTT (MqttBridge): the bus's commands performed as the socket's are,
// presence waking the screen as a touch does, and the states Home Assistant shows published
// when a command or an event may have changed them.

import Control
import Foundation
import Photos

extension ViewerSession {
    /// Everything the bus sent since the last wake-up.
    func answerMqttMessages() {
        guard let mqtt = daemon.mqtt else { return }
        let messages = mqtt.take()
        if !messages.isEmpty { daemon.mqttStatesDue = true }
        for incoming in messages {
            switch incoming {
            case .presence:
                screen.notePresence(now: clock.now)
                idle.noteInput(now: clock.now)
                tickScreen(at: clock.now)
            case let .command(.success(command), topic):
                if case .failure(let error) = perform(command, from: .mqtt) { mqtt.refused(error.message, topic: topic) }
            case let .command(.failure(error), topic):
                mqtt.refused(error.message, topic: topic)
            }
        }
        publishMqttStates()
    }

    /// An event for the bus: on its topic as the socket sends it, the states looked at again,
    /// and a new slide's picture made for the image entity.
    func publishMqttEvent(_ event: ViewerEvent) {
        guard let mqtt = daemon.mqtt else { return }
        mqtt.publishEvent(event.name, event.json)
        daemon.mqttStatesDue = true
        if case let .shown(index, path, _, _, _) = event,
           let entry = index.flatMap({ wall.entries.indices.contains($0) ? wall.entries[$0] : nil }) ?? wall.entries.first(where: { $0.path == path }) {
            mqtt.sendPhoto(entry, loader: wall.source.loader)
        }
    }

    /// The states that changed since they were last published; all of them after a
    /// (re)connection. Called once per pass of the loop when something was done.
    func publishMqttStates() {
        guard let mqtt = daemon.mqtt else { return }
        var states = daemon.mqttStates
        if mqtt.takeStatesOwed() { states.forget(); daemon.mqttStatesDue = true }
        guard daemon.mqttStatesDue else { return }
        daemon.mqttStatesDue = false
        for (name, payload) in states.changes(MqttStates.payloads(from: state)) { mqtt.publishState(name, payload) }
        daemon.mqttStates = states
    }
}
