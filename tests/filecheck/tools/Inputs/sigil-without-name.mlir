// A value sigil with no name after it.
func.func @f(%) {
  func.return
}
