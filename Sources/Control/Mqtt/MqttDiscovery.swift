// The frame as Home Assistant's MQTT discovery describes a device: one retained config message
// per entity on `homeassistant/<component>/<object_id>/config`, each with a unique id, the same
// device block (so they group as one device "cascade <id>"), the availability topic and the
// command and state topics of MqttTopics. Pure: the messages are values; the bridge publishes
// them on every connection and again when Home Assistant announces it (re)started.

import InputLimits
import Waterfall  // WallAxis

public enum MqttDiscovery {
    public struct Entity: Sendable, Equatable {
        public let component: String
        /// Unique on the bus: `cascade_<id>_<key>`.
        public let objectID: String
        public let config: JSONValue
    }

    /// `backlight`: the screen has one cascade can set (Backlight), so Brightness is announced.
    /// `folders`: the configured folders, when there are several to choose among (Folder).
    public static func entities(topics: MqttTopics, deviceID: String, version: String, backlight: Bool = false,
                                folders: [String] = [], immich: Bool = false) -> [Entity] {
        let device: JSONValue = .object([
            ("identifiers", .array([.string("cascade_" + deviceID)])),
            ("name", .string("cascade " + deviceID)),
            ("manufacturer", .string("cascade")),
            ("model", .string("photo wall")),
            ("sw_version", .string(version)),
        ])
        func entity(_ component: String, _ key: String, _ name: String, _ fields: [(String, JSONValue)]) -> Entity {
            let objectID = "cascade_\(deviceID)_\(key.replacingOccurrences(of: "-", with: "_"))"
            return Entity(component: component, objectID: objectID, config: .object([
                ("name", .string(name)),
                ("unique_id", .string(objectID)),
                ("object_id", .string(objectID)),
                ("device", device),
                ("availability_topic", .string(topics.availability)),
                ("payload_available", .string("online")),
                ("payload_not_available", .string("offline")),
            ] + fields))
        }
        func command(_ name: String) -> (String, JSONValue) { ("command_topic", .string(topics.command(name))) }
        func state(_ name: String) -> (String, JSONValue) { ("state_topic", .string(topics.state(name))) }
        func onOff(_ on: String, _ off: String) -> [(String, JSONValue)] {
            [("payload_on", .string(on)), ("payload_off", .string(off)), ("state_on", .string("on")), ("state_off", .string("off"))]
        }
        let columns = Limits.columns.range, rows = Limits.rows.range, interval = Limits.slideInterval.range
        let brightness = CommandArgument.brightnessLimit.range
        let dimmer = entity("number", "brightness", "Brightness", [
            command("brightness"), state("brightness"),
            ("min", .int(brightness.lowerBound)), ("max", .int(brightness.upperBound)), ("step", .int(1)), ("mode", .string("slider")),
            ("unit_of_measurement", .string("%")), ("icon", .string("mdi:brightness-6")),
        ])
        let folder = entity("select", "folder", "Folder", [
            command("folder"), state("folder"), ("options", .array((["all"] + folders).map { .string($0) })), ("icon", .string("mdi:folder-image")),
        ])
        // A frame showing an Immich server: the photo on screen starred or archived there.
        let immichButtons = [
            entity("button", "favorite", "Favourite photo on screen", [command("favorite"), ("payload_press", .string("")),
                                                                       ("icon", .string("mdi:star"))]),
            entity("button", "archive", "Archive photo on screen", [command("archive"), ("payload_press", .string("")),
                                                                     ("icon", .string("mdi:archive-arrow-down"))]),
        ]
        return (backlight ? [dimmer] : []) + (folders.isEmpty ? [] : [folder]) + (immich ? immichButtons : []) + [
            entity("switch", "screen", "Screen", [command("screen"), state("screen"), ("icon", .string("mdi:monitor"))] + onOff("on", "off")),
            entity("select", "screen-mode", "Screen mode", [
                command("screen"), state("screen-mode"),
                ("options", .array(ScreenRequest.allCases.map { .string($0.rawValue) })),
                ("icon", .string("mdi:monitor-shimmer")),
            ]),
            entity("switch", "slideshow", "Slideshow", [command("slideshow"), state("slideshow"), ("icon", .string("mdi:play-box-multiple"))]
                   + onOff(SlideshowRequest.start.rawValue, SlideshowRequest.stop.rawValue)),
            entity("switch", "paused", "Paused", [command("slideshow"), state("paused"), ("icon", .string("mdi:pause"))]
                   + onOff(SlideshowRequest.pause.rawValue, SlideshowRequest.resume.rawValue)),
            entity("button", "next", "Next photo", [command("slideshow"), ("payload_press", .string(SlideshowRequest.next.rawValue)),
                                                     ("icon", .string("mdi:skip-next"))]),
            entity("button", "previous", "Previous photo", [command("slideshow"), ("payload_press", .string(SlideshowRequest.previous.rawValue)),
                                                             ("icon", .string("mdi:skip-previous"))]),
            entity("number", "columns", "Columns", [
                command("set-columns"), state("columns"),
                ("min", .int(columns.lowerBound)), ("max", .int(columns.upperBound)), ("step", .int(1)), ("mode", .string("box")),
                ("icon", .string("mdi:view-column")),
            ]),
            // A wall has columns or rows, as its direction says: the other number is refused.
            entity("number", "rows", "Rows", [
                command("set-rows"), state("rows"),
                ("min", .int(rows.lowerBound)), ("max", .int(rows.upperBound)), ("step", .int(1)), ("mode", .string("box")),
                ("icon", .string("mdi:view-sequential")),
            ]),
            entity("select", "direction", "Direction", [
                command("set-direction"), state("direction"),
                ("options", .array(WallAxis.allCases.map { .string($0.rawValue) })), ("icon", .string("mdi:swap-horizontal")),
            ]),
            entity("number", "interval", "Slide interval", [
                command("slideshow-interval"), state("interval"),
                ("min", .double(interval.lowerBound)), ("max", .double(interval.upperBound)), ("step", .int(1)), ("mode", .string("box")),
                ("unit_of_measurement", .string("s")), ("icon", .string("mdi:timer-outline")),
            ]),
            entity("select", "transition", "Transition", [
                command("transition"), state("transition"),
                ("options", .array(SlideTransition.allCases.map { .string($0.rawValue) })), ("icon", .string("mdi:transition")),
            ]),
            entity("sensor", "photo", "Photo", [
                state("photo"), ("json_attributes_topic", .string(topics.state("photo/attributes"))), ("icon", .string("mdi:image")),
            ]),
            entity("text", "message", "Message", [
                command("message"), state("message"), ("max", .int(min(255, CommandArgument.messageLimit))), ("icon", .string("mdi:message-text")),
            ]),
            entity("button", "message-clear", "Clear message", [command("message-clear"), ("payload_press", .string("")),
                                                                 ("icon", .string("mdi:message-off"))]),
            // The slide or open photo only, never the marks: `trash shown` (restore undoes it).
            entity("button", "trash", "Trash photo on screen", [command("trash"), ("payload_press", .string("shown")),
                                                                 ("icon", .string("mdi:delete"))]),
            entity("image", "photo-image", "Photo on screen", [
                ("image_topic", .string(topics.photoImage)), ("content_type", .string("image/jpeg")),
            ]),
        ]
    }

    public static func topic(of entity: Entity, prefix: String) -> String {
        "\(prefix)/\(entity.component)/\(entity.objectID)/config"
    }
}
