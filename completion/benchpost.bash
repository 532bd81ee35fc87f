# bash completion for benchpost                            -*- shell-script -*-
#
# Nothing is listed here: the binary being completed is asked for its
# commands (--list-commands), a command's options (<command>
# --list-options, the table --help prints) and the values no choice table
# holds (--list-values fs|test|param|template), so that a command or option
# added to benchpost is completed without touching this file.  Answers are
# kept for the shell's lifetime, per binary.

declare -gA _benchpost_cache

# Prints what "$1 $2..." answers, asking the binary once.
_benchpost_ask()
{
    local bin=$1 key
    shift
    key="$bin $*"
    if [[ ! -v _benchpost_cache[$key] ]]; then
        _benchpost_cache[$key]=$("$bin" "$@" 2>/dev/null)
    fi
    printf '%s\n' "${_benchpost_cache[$key]}"
}

# Sets _benchpost_kind and _benchpost_arg for option $3 (--long or -s) of
# command $2: its type (bool, string, choice, ...) and argument name or
# choices; returns 1 for an option the command does not have.
_benchpost_option()
{
    local line short long kind arg rest
    while IFS= read -r line; do
        # fields may be empty: split on a character read does not squeeze
        line=${line//$'\t'/$'\x1f'}
        IFS=$'\x1f' read -r _ short long kind arg rest <<<"$line"
        if [[ $3 == "--$long" || ( -n $short && $3 == "$short" ) ]]; then
            _benchpost_kind=$kind _benchpost_arg=$arg _benchpost_long=$long
            return 0
        fi
    done < <(_benchpost_ask "$1" "$2" --list-options | grep '^option')
    return 1
}

# The options of command $2, --long forms first, for compgen -W.
_benchpost_options()
{
    local line short long kind
    while IFS= read -r line; do
        line=${line//$'\t'/$'\x1f'}
        IFS=$'\x1f' read -r _ short long kind _ <<<"$line"
        [[ -n $long ]] && printf -- '--%s\n' "$long"
        [[ -n $short && -z $long ]] && printf -- '%s\n' "$short"
    done < <(_benchpost_ask "$1" "$2" --list-options | grep '^option')
}

# Completes "$cur" as a comma-separated list of the values in $2.
_benchpost_comma_list()
{
    local head='' last=$1
    if [[ $last == *,* ]]; then
        head=${last%,*},
        last=${last##*,}
    fi
    COMPREPLY=($(compgen -P "$head" -W "$2" -- "$last"))
    compopt -o nospace
}

# Completes the value "$cur" of option $3 of command $2.
_benchpost_value()
{
    local bin=$1 cmd=$2 opt=$3
    _benchpost_option "$bin" "$cmd" "$opt" || return 0
    case $_benchpost_kind in
    choice)
        COMPREPLY=($(compgen -W "${_benchpost_arg//|/ }" -- "$cur"))
        return 0
        ;;
    bool)
        return 0
        ;;
    esac
    case $_benchpost_long in
    fs | test)
        # run takes lists; the filters of log, diff, ... take one name
        _benchpost_comma_list "$cur" "$(_benchpost_ask "$bin" --list-values "$_benchpost_long")"
        return 0
        ;;
    param)
        COMPREPLY=($(compgen -S = -W "$(_benchpost_ask "$bin" --list-values param)" -- "$cur"))
        compopt -o nospace
        return 0
        ;;
    template)
        COMPREPLY=($(compgen -W "$(_benchpost_ask "$bin" --list-values template)" -- "$cur"))
        _filedir md
        return 0
        ;;
    esac
    case $_benchpost_arg in
    DIR) _filedir -d ;;
    FILE*) _filedir ;;
    esac
}

_benchpost()
{
    local cur prev words cword
    _init_completion -n =: || return

    local bin=${words[0]} cmd='' i
    for ((i = 1; i < cword; i++)); do
        if [[ ${words[i]} != -* ]]; then
            cmd=${words[i]}
            break
        fi
    done

    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W '--version --help' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "help $(_benchpost_ask "$bin" --list-commands | cut -f1)" -- "$cur"))
        fi
        return 0
    fi
    if [[ $cmd == help ]]; then
        ((cword == i + 1)) &&
            COMPREPLY=($(compgen -W "$(_benchpost_ask "$bin" --list-commands | cut -f1)" -- "$cur"))
        return 0
    fi

    # --option=value in one word
    if [[ $cur == --*=* ]]; then
        local opt=${cur%%=*}
        cur=${cur#*=}
        _benchpost_value "$bin" "$cmd" "$opt"
        return 0
    fi
    # the value of the option before, unless that option takes none
    if ((cword > i + 1)) && [[ $prev == -* ]] &&
        _benchpost_option "$bin" "$cmd" "$prev" && [[ $_benchpost_kind != bool ]]; then
        _benchpost_value "$bin" "$cmd" "$prev"
        return 0
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_benchpost_options "$bin" "$cmd")" -- "$cur"))
        return 0
    fi
    # arguments: files, runs (.bench), mail, directories
    _filedir
} &&
    complete -F _benchpost benchpost

# ex: filetype=sh
