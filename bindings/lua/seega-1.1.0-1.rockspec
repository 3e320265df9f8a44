-- The Lua binding of libseega, built against an installed libseega:
--
--   cd bindings/lua && luarocks make
--
-- with SEEGA_DIR=/prefix (or SEEGA_INCDIR= and SEEGA_LIBDIR=) when
-- libseega is not installed where luarocks looks by default.
rockspec_format = "3.0"
package = "seega"
version = "1.1.0-1"
source = {
   -- luarocks make builds from the working tree and never fetches this.
   url = "file://./seega.c",
}
description = {
   summary = "Lua binding of libseega, an embeddable Seega rules engine",
   detailed = [[
      A thin C module over libseega's C API: games of Seega under four
      rule sets and any custom rules, legal moves, SPN positions, perft,
      random playouts, an alpha-beta AI with levels and hints, and a
      learning interface (action indexes, legal masks, observations).
   ]],
   license = "MIT",
   labels = { "game", "board-game", "seega", "ai" },
}
dependencies = {
   "lua >= 5.1",
}
external_dependencies = {
   SEEGA = {
      header = "seega.h",
      library = "seega",
   },
}
build = {
   type = "builtin",
   modules = {
      seega = {
         sources = { "seega.c" },
         libraries = { "seega" },
         incdirs = { "$(SEEGA_INCDIR)" },
         libdirs = { "$(SEEGA_LIBDIR)" },
      },
   },
   copy_directories = {},
}
