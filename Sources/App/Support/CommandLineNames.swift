// The names from the layers under App that the cascade executable's argument parsing uses. The
// executable depends on App and ArgumentParser alone (Package.swift), so it sees them through
// these aliases; they are the same types, and a file importing both modules is not ambiguous.

import InputLimits
import Kiosk
import Photos
import Waterfall

// The limits table every numeric option is read through, and the values options become.
public typealias Limits = InputLimits.Limits
public typealias Limit = InputLimits.Limit
public typealias LimitError = InputLimits.LimitError
public typealias ColumnCount = Waterfall.ColumnCount
public typealias Margins = Waterfall.Margins
public typealias WallAxis = Waterfall.WallAxis
public typealias ScreenSchedule = Kiosk.ScreenSchedule
public typealias ScreenRotation = Waterfall.ScreenRotation

// Defaults and choices the options name.
public typealias CascadeVersion = Photos.CascadeVersion
public typealias CommandLineArguments = Photos.CommandLineArguments
public typealias PhotoDecoder = Photos.PhotoDecoder
public typealias SortOrder = Photos.SortOrder
public typealias ThumbnailSize = Photos.ThumbnailSize
public typealias BackgroundPriority = Photos.BackgroundPriority
