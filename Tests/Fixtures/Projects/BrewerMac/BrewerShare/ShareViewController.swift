import Cocoa
import BrewerMacKit

final class ShareViewController: NSViewController {
    override var nibName: NSNib.Name? { nil }
    override func loadView() { view = NSView() }
}
