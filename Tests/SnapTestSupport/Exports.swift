// Every target that uses the test support may mark its blocking tests too.
@_exported import SnapTestThreads
