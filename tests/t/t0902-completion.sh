#!/bin/sh
# Shell completion: bash (completion/benchpost.bash under bash-completion)
# and zsh (completion/_benchpost under compinit) complete the commands,
# options and option values that the binary's own tables hold.
. "$(dirname "$0")/lib.sh"

# The binary under test, as a person would have it: "benchpost" on PATH.
mkdir bin
ln -s "$BENCHPOST" bin/benchpost
PATH=$SCRATCH/bin:$PATH
export PATH
mkdir -p work/sub
touch work/thread.mbox work/notes.md

BASH_COMPLETION=/usr/share/bash-completion/bash_completion

# bash_complete WORD... : what TAB offers for the last word, sorted, one a line.
bash_complete() {
	bash -c '
		. "$1"
		. "$2/completion/benchpost.bash"
		# not inside a real completion: nothing to set options on
		compopt() { :; }
		shift 2
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		cd work
		_benchpost
		printf "%s\n" "${COMPREPLY[@]}" | sort
	' bash "$BASH_COMPLETION" "$SRCDIR" "$@"
}

# The long options of a command's --help, sorted.
help_options() {
	benchpost "$1" --help | grep -Eo "^    (-[A-Za-z0-9], )?--[a-z][-a-z0-9]*" |
		sed "s/.*--/--/" | sort
}

if [ ! -f "$BASH_COMPLETION" ] || ! command -v bash >/dev/null; then
	test_skip 'bash completion' 'bash-completion is not installed (scripts/deps installs it)'
else
	test_expect_success 'bash: the commands, and help' '
		bash_complete benchpost "" >out &&
		{ benchpost --list-commands | cut -f1; echo help; } | sort >expect &&
		test_cmp expect out &&
		bash_complete benchpost re >out &&
		echo report >expect &&
		test_cmp expect out &&
		bash_complete benchpost help pu >out &&
		printf "pull\npush\n" >expect &&
		test_cmp expect out &&
		bash_complete benchpost --v >out &&
		echo --version >expect &&
		test_cmp expect out
	'

	test_expect_success 'bash: every option of every command, as --help lists them' '
		for cmd in $(benchpost --list-commands | cut -f1); do
			bash_complete benchpost "$cmd" -- >out &&
			help_options "$cmd" >expect &&
			test_cmp expect out || exit 1
		done
	'

	test_expect_success 'bash: choices, after a space or an equals sign' '
		bash_complete benchpost run --suite "" >out &&
		printf "quick\nstandard\n" >expect &&
		test_cmp expect out &&
		bash_complete benchpost log --format=j >out &&
		echo json >expect &&
		test_cmp expect out &&
		bash_complete benchpost report -f "" >out &&
		printf "email\nhtml\ntext\n" >expect &&
		test_cmp expect out &&
		bash_complete benchpost diff --test "" >out &&
		printf "utest\nwelch\n" >expect &&
		test_cmp expect out
	'

	test_expect_success 'bash: file systems and tests as comma-separated lists' '
		bash_complete benchpost run --fs "" >out &&
		benchpost --list-values fs | sort >expect &&
		test_cmp expect out &&
		grep -qx xfs out &&
		bash_complete benchpost run --fs ext2,ext >out &&
		printf "ext2,ext2\next2,ext3\next2,ext4\n" >expect &&
		test_cmp expect out &&
		bash_complete benchpost run --dir /tmp --test rm-tree,d >out &&
		printf "rm-tree,dbench\nrm-tree,dd\n" >expect &&
		test_cmp expect out
	'

	test_expect_success 'bash: --param settings, --template names and files' '
		bash_complete benchpost run --param postmark.n >out &&
		echo postmark.numbers= >expect &&
		test_cmp expect out &&
		bash_complete benchpost report --template "" >out &&
		grep -qx single-run out &&
		grep -qx kernel-diff out &&
		grep -qx notes.md out &&
		grep -qx sub out &&
		! grep -qx thread.mbox out
	'

	test_expect_success 'bash: directories for DIR, files for arguments, nothing after a switch' '
		bash_complete benchpost run --dir "" >out &&
		echo sub >expect &&
		test_cmp expect out &&
		bash_complete benchpost import th >out &&
		echo thread.mbox >expect &&
		test_cmp expect out &&
		bash_complete benchpost run --no-commit --q >out &&
		echo --quiet >expect &&
		test_cmp expect out
	'

	# A stand-in binary whose table has a command the real one does not.
	cat >bin/fakebp <<-EOF
	#!/bin/sh
	case "\$1 \$2" in
	"--list-commands ") printf "frob\tfrob the archive\n" ;;
	"frob --list-options") printf "option\t\twibble\tchoice\tfoo|bar\tpick\n" ;;
	*) exit 1 ;;
	esac
	EOF
	chmod +x bin/fakebp

	test_expect_success 'bash: what the binary being completed has, not a list of our own' '
		bash_complete fakebp "" >out &&
		printf "frob\nhelp\n" >expect &&
		test_cmp expect out &&
		bash_complete fakebp frob --wibble "" >out &&
		printf "bar\nfoo\n" >expect &&
		test_cmp expect out
	'
fi

# zsh_complete LINE: what TAB lists after LINE in an interactive zsh, its
# terminal codes removed.  zsh/zpty gives it a terminal; the listing is
# read until nothing more has come for two seconds (at most a minute).
zsh_complete() {
	zsh -f -c '
		zmodload zsh/zpty || exit 1
		zpty z zsh -f -i
		zpty -w z "PS1=\"%% \"; unsetopt beep; fpath=($1/completion \$fpath)"
		zpty -w z "autoload -Uz compinit; compinit -u -D; zstyle \":completion:*\" list-prompt \"\""
		zpty -w z "cd work; print RE\"\"ADY"
		zpty -r z out "*READY*" || exit 1
		zpty -w -n z "$2"$'\''\t'\''
		all= quiet=0 waited=0
		while (( quiet < 10 && waited < 300 )); do
			sleep 0.2
			(( waited++ ))
			if zpty -r -t z out; then
				all+=$out
				quiet=0
				while zpty -r -t z out; do all+=$out; done
			elif [[ -n $all ]]; then
				(( quiet++ ))
			fi
		done
		print -r -- "$all"
		zpty -d z
	' zsh "$SRCDIR" "$1" | sed "s/\x1b\[[0-9;?]*[A-Za-z]//g" | tr -d "\r"
}

if ! command -v zsh >/dev/null; then
	test_skip 'zsh completion' 'zsh is not installed (scripts/deps installs it)'
else
	test_expect_success 'zsh: the file is valid zsh' '
		zsh -n "$SRCDIR/completion/_benchpost"
	'

	test_expect_success 'zsh: commands with their summaries' '
		zsh_complete "benchpost r" >out &&
		grep -q "^report  *-- render a ready-to-post report" out &&
		grep -q "^run  *-- run the standard file-system tests" out &&
		! grep -q "^import" out
	'

	test_expect_success 'zsh: options with their help, choices, lists, settings' '
		zsh_complete "benchpost run --s" >out &&
		grep -q "^--scratch  *-- where the loop images go" out &&
		grep -q "^--suite  *-- data set size (default: standard)" out &&
		zsh_complete "benchpost run --suite " >out &&
		grep -Eq "^quick +standard" out &&
		zsh_complete "benchpost run --fs ext2," >out &&
		grep -Eq "btrfs +ext3 +ext4 +xfs" out &&
		zsh_complete "benchpost run --param postmark.m" >out &&
		grep -Eq "postmark.max +postmark.min" out &&
		zsh_complete "benchpost diff --test=" >out &&
		grep -Eq "^utest +welch" out
	'

	test_expect_success 'zsh: template names and Markdown files' '
		zsh_complete "benchpost report --template " >out &&
		grep -q "single-run" out &&
		grep -q "notes.md" out &&
		! grep -q "thread.mbox" out
	'
fi

test_done
