-- wrk script for docs/bench/load.sh: list pages and puzzle pages of the
-- 10^6 library, alternately (a puzzle page of a random id up to PB_MAXID)
local lists = {
  "/puzzles",
  "/puzzles?kind=sudoku&rank=5-6",
  "/puzzles?sort=date&order=desc",
  "/puzzles?clues=18&rank=4&sort=score&order=desc",
}
local maxid = tonumber(os.getenv("PB_MAXID") or "1000000")
local i = 0
math.randomseed(os.time())
request = function()
  i = i + 1
  local path
  if i % 2 == 0 then
    path = lists[(i / 2 % #lists) + 1]
  else
    path = "/puzzles/" .. math.random(1, maxid)
  end
  return wrk.format("GET", path, {["Cookie"] = os.getenv("PB_COOKIE")})
end
