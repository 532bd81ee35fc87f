#ifndef IMPORT_SCRIPT_H
#define IMPORT_SCRIPT_H

#include "../core/strbuf.h"
#include "../core/record.h"

/*
 * What the scripts and command lines quoted in a message say: which
 * command each `time` measured, the labels a script echoes before each
 * step, shell variables, and the mount options a script gives each fs.
 */

/* "time tar xf x.tgz", "# time cmd", "{host} [/mnt]# time cmd": the command, or NULL. */
char *import_time_command(const char *line);

/*
 * The command as a benchmark name: paths cut to their last part,
 * redirections and "." dropped, $VARS expanded from vars
 * ("cp /incoming/linux-2.2.17.tar.gz ." is "cp linux-2.2.17.tar.gz").
 */
char *import_command_name(const char *cmd, const struct facts *vars);

/*
 * A step's name from the label a script echoed and the command it ran:
 * "write" and "dd ... bs=1024k count=500" give "write (dd 500 MB)".
 */
char *import_step_name(const char *label, const char *cmd, const struct facts *vars);

/* A script that runs the timed steps itself ("./test.sh", "sh run.sh"). */
int import_is_script(const char *cmd);

/* echo "write:" -> "write"; NULL when the line echoes no label. */
char *import_echo_label(const char *line);

/* "NAME=value" -> vars */
int import_shell_assignment(struct facts *vars, const char *line);

#endif
