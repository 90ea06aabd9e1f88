import WidgetKit
import SwiftUI

@main
struct BrewerWidgetBundle: WidgetBundle {
    var body: some Widget { NextBrewWidget() }
}
