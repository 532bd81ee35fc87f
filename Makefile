# benchpost: 'make' builds ./benchpost; 'make check' installs what is
# missing, builds and runs every test; 'make run' runs the main job.

# make install PREFIX=... DESTDIR=...: docs/install.md.  The installed
# binary is linked with PREFIX's data directory built in; ./benchpost, the
# development binary, reads the source tree's templates instead.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/benchpost
MANDIR = $(PREFIX)/share/man/man1
BASH_COMPLETION_DIR = $(PREFIX)/share/bash-completion/completions
# Debian's zsh reads the vendor directory under /usr, site-functions elsewhere.
ZSH_COMPLETION_DIR = $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
# What make uninstall goes by; empty for a package build (dpkg keeps the list).
INSTALL_MANIFEST = $(DATADIR)/install-manifest
# The commit --version names; empty: asked of git (a tarball says "unknown").
BENCHPOST_COMMIT ?=

CC ?= cc
CFLAGS ?= -O2 -g
PKGS = libgit2 libpcre2-8 libcmark gmime-3.0 jansson
# Deferred (=) so that a fresh machine can install the packages first.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))
WARN = -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wno-format-nonliteral
BP_CFLAGS = -std=gnu11 $(WARN) -D_GNU_SOURCE $(CPPFLAGS) $(PKG_CFLAGS) -MMD -MP
# Only the tests find their fixtures through the source directory.
TEST_CFLAGS = -DBENCHPOST_SRCDIR='"$(CURDIR)"'
LDLIBS = $(PKG_LIBS) -lm -pthread

SANITIZE ?=
ifeq ($(SANITIZE),1)
BUILD = build/san
SAN_FLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
BIN = $(BUILD)/benchpost
else
BUILD = build/default
SAN_FLAGS =
BIN = benchpost
endif

LIB_SRC = $(sort $(wildcard core/*.c parse/*.c mail/*.c import/*.c archive/*.c render/*.c collect/*.c cmd/*.c))
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
UNIT_SRC = $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN = $(UNIT_SRC:%.c=$(BUILD)/%)
# Small programs the end-to-end tests drive the library with.
HELPER_SRC = $(sort $(wildcard tests/helpers/*.c))
HELPER_BIN = $(HELPER_SRC:%.c=$(BUILD)/%)
FUZZ_SRC = $(sort $(wildcard tests/fuzz/fuzz_*.c))

# The indexes of the import readers' word lists, const C made from the
# sources by scripts/gen-words.c: each import file that includes its
# <file>.words.h gets one (docs/HACKING.md, "Word lists").  One copy for
# every build: they depend on the sources alone.
GEN = build/gen
WORDS_H = $(patsubst import/%.c,$(GEN)/%.words.h,$(shell grep -l '^\#include "import_[a-z_]*\.words\.h"' import/*.c))
BP_CFLAGS += -I$(GEN)

all: $(BIN)

$(BIN): $(BUILD)/main.o $(BUILD)/libbenchpost.a
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# What differs between ./benchpost and an installed binary is one object,
# core/build_info.c (core/version.h), built from a header that
# scripts/build-info rewrites only when the commit or directory changes.
# The installed one links its own copy ahead of the library's.
DEV_INFO = $(BUILD)/build-info.h
INST_INFO = $(BUILD)/install/build-info.h
INST_BIN = $(BUILD)/install/benchpost

$(DEV_INFO): FORCE
	@mkdir -p $(dir $@)
	@scripts/build-info $@ "$(CURDIR)/templates" "$(BENCHPOST_COMMIT)"

$(INST_INFO): FORCE
	@mkdir -p $(dir $@)
	@scripts/build-info $@ "$(DATADIR)/templates" "$(BENCHPOST_COMMIT)"

$(BUILD)/core/build_info.o: core/build_info.c $(DEV_INFO)
	@mkdir -p $(dir $@)
	@echo "  CC      $< (development)"
	@$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -include $(DEV_INFO) -c -o $@ $<

$(BUILD)/install/build_info.o: core/build_info.c $(INST_INFO)
	@mkdir -p $(dir $@)
	@echo "  CC      $< (installed, $(DATADIR))"
	@$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -include $(INST_INFO) -c -o $@ $<

# The binary make install installs, built without installing (debian/rules).
installed-binary: $(INST_BIN)

$(INST_BIN): $(BUILD)/main.o $(BUILD)/install/build_info.o $(BUILD)/libbenchpost.a
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libbenchpost.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

GEN_WORDS_OBJ = $(GEN)/gen-words.o $(GEN)/gen-words-read.o

$(GEN)/%.o: scripts/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) -O2 -std=gnu11 $(WARN) -D_GNU_SOURCE -MMD -MP -c -o $@ $<

$(GEN)/gen-words: $(GEN_WORDS_OBJ)
	$(CC) -o $@ $^

$(GEN)/%.words.h: import/%.c $(GEN)/gen-words
	@echo "  GEN     $@"
	@$(GEN)/gen-words $< $@

# Before the first build of an object (then its .d names the header it includes).
$(LIB_OBJ) $(FUZZ_LIB_OBJ): | $(WORDS_H)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/%: tests/unit/%.c $(BUILD)/libbenchpost.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) $(TEST_CFLAGS) $(LDFLAGS) -o $@ $< \
		$(BUILD)/libbenchpost.a $(LDLIBS) $(shell pkg-config --libs cmocka)

$(BUILD)/tests/helpers/%: tests/helpers/%.c $(BUILD)/libbenchpost.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) $(TEST_CFLAGS) $(LDFLAGS) -o $@ $< \
		$(BUILD)/libbenchpost.a $(LDLIBS)

deps:
	@scripts/deps

unit-tests: $(UNIT_BIN) $(HELPER_BIN)

# The suite: unit tests (cmocka) and end-to-end scripts (tests/t), one summary line.
check: deps
	@$(MAKE) --no-print-directory all unit-tests
	@BENCHPOST="$(CURDIR)/$(BIN)" UNIT_DIR="$(BUILD)/tests/unit" \
		BP_HELPERS="$(CURDIR)/$(BUILD)/tests/helpers" tests/run

run: deps
	@$(MAKE) --no-print-directory all
	@BENCHPOST="$(CURDIR)/$(BIN)" scripts/main-job

# libFuzzer targets: make fuzz FUZZ_SECONDS=300
FUZZ_SECONDS ?= 60
FUZZ_BUILD = build/fuzz
FUZZ_FLAGS = -g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
FUZZ_LIB_OBJ = $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_BIN = $(FUZZ_SRC:tests/fuzz/%.c=$(FUZZ_BUILD)/%)

$(FUZZ_BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_FLAGS) $(BP_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/libfuzz.a: $(FUZZ_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_BUILD)/libfuzz.a
	clang -g -O1 -fsanitize=fuzzer,address,undefined $(BP_CFLAGS) -o $@ $< \
		$(FUZZ_BUILD)/libfuzz.a $(LDLIBS)

fuzz-build: deps
	@$(MAKE) --no-print-directory $(FUZZ_BIN)

# pull of hostile histories is fuzzed by a script, against the built binary
fuzz: fuzz-build
	@$(MAKE) --no-print-directory all
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=$(FUZZ_BUILD) tests/fuzz/run $(FUZZ_BIN)
	@FUZZ_SECONDS=$(FUZZ_SECONDS) BENCHPOST="$(CURDIR)/$(BIN)" \
		PULL_HOSTILE_OUT="$(CURDIR)/$(FUZZ_BUILD)/pull-hostile" tests/fuzz/pull-hostile

# benchpost(1): the hand-written parts in docs/benchpost.1.in, the commands
# and their options from the built binary's own tables (--list-options).
MAN = $(BUILD)/benchpost.1
$(MAN): docs/benchpost.1.in scripts/gen-man $(BIN) $(INST_INFO)
	@echo "  MAN     $@"
	@scripts/gen-man ./$(BIN) docs/benchpost.1.in "$(DATADIR)" >$@.tmp
	@mv $@.tmp $@

man: $(MAN)

# TAB-separated "mode source target" lines for scripts/install-files.
INSTALL_LIST = \
	'755\t$(INST_BIN)\t$(BINDIR)/benchpost' \
	'644\t$(MAN)\t$(MANDIR)/benchpost.1' \
	'644\tcompletion/benchpost.bash\t$(BASH_COMPLETION_DIR)/benchpost' \
	'644\tcompletion/_benchpost\t$(ZSH_COMPLETION_DIR)/_benchpost' \
	$(foreach t,$(sort $(wildcard templates/*.md)),'644\t$(t)\t$(DATADIR)/$(t)')

install: $(INST_BIN) man
	@printf '%b\n' $(INSTALL_LIST) | \
		scripts/install-files install "$(DESTDIR)" "$(PREFIX)" "$(INSTALL_MANIFEST)"

uninstall:
	@scripts/install-files uninstall "$(DESTDIR)" "$(PREFIX)" "$(INSTALL_MANIFEST)"

clean:
	rm -rf build benchpost

.PHONY: all deps check run unit-tests fuzz fuzz-build man installed-binary install uninstall clean FORCE

-include $(LIB_OBJ:.o=.d) $(GEN_WORDS_OBJ:.o=.d) $(BUILD)/main.d $(BUILD)/install/build_info.d $(FUZZ_LIB_OBJ:.o=.d)
