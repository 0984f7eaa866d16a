package nonogram

// RateLimit is Rate with the work limit given, for the limit's test.
var RateLimit = rateLimit
