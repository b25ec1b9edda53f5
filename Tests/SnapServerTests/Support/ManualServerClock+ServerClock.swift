import SnapServer
import SnapTestSupport

// The test support does not depend on the server: the test clock becomes a server clock here, with the protocol's
// own wake (a task that sleeps on the clock, then hands the work to the loop).
extension ManualServerClock: ServerClock {}
