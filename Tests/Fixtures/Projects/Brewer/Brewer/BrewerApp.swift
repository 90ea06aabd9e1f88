import SwiftUI
import BrewerKit
import BrewerUI

@main
struct BrewerApp: App {
    var body: some Scene {
        WindowGroup { BrewListView() }
    }
}
