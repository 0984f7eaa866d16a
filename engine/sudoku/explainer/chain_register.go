package explainer

// The chaining family joins the path (OrderForcingChains ... OrderNested+5)
// once the basic techniques that come before it in serate's order are all
// registered: until then a chain would be asked where serate applies a wing,
// a rectangle or a BUG, and the path would differ. Chains.Find and
// Chains.All give the producers' hints meanwhile.
