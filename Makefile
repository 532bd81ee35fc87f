# benchpost: 'make' builds ./benchpost; 'make check' installs what is
# missing, builds and runs every test; 'make run' runs the main job.

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATADIR = $(PREFIX)/share/benchpost
MANDIR = $(PREFIX)/share/man/man1

CC ?= cc
CFLAGS ?= -O2 -g
PKGS = libgit2 libpcre2-8 libcmark gmime-3.0 jansson
# Deferred (=) so that a fresh machine can install the packages first.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS))
PKG_LIBS = $(shell pkg-config --libs $(PKGS))
WARN = -Wall -Wextra -Werror -Wshadow -Wformat=2 -Wno-format-nonliteral
BP_CFLAGS = -std=gnu11 $(WARN) -D_GNU_SOURCE -DBENCHPOST_DATADIR='"$(DATADIR)"' \
	-DBENCHPOST_SRCDIR='"$(CURDIR)"' $(PKG_CFLAGS) -MMD -MP
LDLIBS = $(PKG_LIBS) -lm

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

all: $(BIN)

$(BIN): $(BUILD)/main.o $(BUILD)/libbenchpost.a
	$(CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libbenchpost.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/%: tests/unit/%.c $(BUILD)/libbenchpost.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -o $@ $< $(BUILD)/libbenchpost.a \
		$(LDLIBS) $(shell pkg-config --libs cmocka)

$(BUILD)/tests/helpers/%: tests/helpers/%.c $(BUILD)/libbenchpost.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) $(BP_CFLAGS) -o $@ $< $(BUILD)/libbenchpost.a $(LDLIBS)

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

$(BUILD)/benchpost.1: docs/benchpost.1.md
	@mkdir -p $(dir $@)
	cmark -t man $< > $@

man: $(BUILD)/benchpost.1

install: all man
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates $(DESTDIR)$(MANDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/benchpost
	for t in templates/*.md; do [ ! -e "$$t" ] || install -m 644 "$$t" $(DESTDIR)$(DATADIR)/templates/; done
	install -m 644 $(BUILD)/benchpost.1 $(DESTDIR)$(MANDIR)/benchpost.1

clean:
	rm -rf build benchpost

.PHONY: all deps check run unit-tests fuzz fuzz-build man install clean

-include $(LIB_OBJ:.o=.d) $(BUILD)/main.d $(FUZZ_LIB_OBJ:.o=.d)
