-- wrk script: rotate over library list pages of the 10^6 library
local paths = {
  "/puzzles?kind=sudoku&rank=5-6",
  "/puzzles?kind=sudoku&rank=2&sort=score",
  "/puzzles?rank=8",
  "/puzzles?hyp=no&rank=7&sort=clues",
  "/puzzles?technique=x3&kind=sudoku&rank=5&sort=score",
  "/puzzles?sort=date&order=desc",
  "/puzzles?clues=18&rank=4&sort=score&order=desc",
  "/puzzles?kind=akari&rank=4&sort=score",
}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], {["Cookie"] = os.getenv("PB_COOKIE")})
end
