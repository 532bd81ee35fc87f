#include "internal.h"
#include "../core/error.h"
#include "../core/proc.h"
#include "../core/strbuf.h"
#include "../core/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * Credentials for push and pull: ssh keys from ssh-agent, https user and
 * password from git's configured credential helper, run as a program (the
 * git-credential protocol on its stdin and stdout, never a shell).
 */

/* "https://user@host:443/path" -> protocol, host (with port), path. */
static void describe_url(struct strbuf *out, const char *url)
{
	const char *scheme_end = strstr(url, "://"), *host, *slash, *at;

	if (!scheme_end)
		return;
	strbuf_addstr(out, "protocol=");
	strbuf_add(out, url, scheme_end - url);
	host = scheme_end + 3;
	slash = strchr(host, '/');
	if (!slash)
		slash = host + strlen(host);
	at = memchr(host, '@', slash - host);
	if (at)
		host = at + 1;
	strbuf_addstr(out, "\nhost=");
	strbuf_add(out, host, slash - host);
	if (*slash && slash[1]) {
		strbuf_addstr(out, "\npath=");
		strbuf_addstr(out, slash + 1);
	}
	strbuf_addch(out, '\n');
}

/* credential.helper "store --file x" -> git-credential-store --file x get */
static int helper_argv(char ***out, const char *helper)
{
	struct strbuf word = STRBUF_INIT;
	char **argv = NULL;
	size_t nr = 0, alloc = 0;
	const char *p = helper;

	if (*helper == '!' || !*helper)
		return -1; /* shell snippets would need a shell */
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		strbuf_reset(&word);
		if (!nr && *p != '/')
			strbuf_addstr(&word, "git-credential-");
		while (*p && *p != ' ' && *p != '\t')
			strbuf_addch(&word, *p++);
		ALLOC_GROW(argv, nr + 3, alloc);
		argv[nr++] = strbuf_detach(&word, NULL);
	}
	argv[nr++] = xstrdup("get");
	argv[nr] = NULL;
	strbuf_release(&word);
	*out = argv;
	return 0;
}

static void free_argv(char **argv)
{
	size_t i;

	for (i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

/* The helper program: on PATH, or where git keeps its own (git-core). */
static void locate(char **argv0)
{
	const char *dirs[] = { getenv("GIT_EXEC_PATH"), "/usr/lib/git-core", "/usr/libexec/git-core" };
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (**argv0 == '/' || proc_available(*argv0))
		return;
	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (!dirs[i])
			continue;
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s/%s", dirs[i], *argv0);
		if (proc_available(sb.buf)) {
			free(*argv0);
			*argv0 = strbuf_detach(&sb, NULL);
			break;
		}
	}
	strbuf_release(&sb);
}

static char *field(const char *text, const char *key)
{
	size_t len = strlen(key);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, key, len) && p[len] == '=')
			return xstrndup(p + len + 1, strcspn(p + len + 1, "\n"));
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

int archive_credential_fill(char **user, char **password, const char *helper, const char *url)
{
	struct proc_opts opts = { 0 };
	struct proc_result res = PROC_RESULT_INIT;
	struct strbuf in = STRBUF_INIT;
	char **argv = NULL;
	int ret = -1;

	*user = *password = NULL;
	if (!helper || helper_argv(&argv, helper) < 0)
		return -1;
	locate(&argv[0]);
	describe_url(&in, url);
	strbuf_addch(&in, '\n');
	opts.in = PROC_IO_BUFFER;
	opts.in_data = in.buf;
	opts.in_len = in.len;
	opts.out = PROC_IO_CAPTURE;
	opts.err = PROC_IO_INHERIT;
	if (proc_run(&res, (const char *const *)argv, &opts) == 0 && proc_exited_ok(&res)) {
		*user = field(res.out.buf, "username");
		*password = field(res.out.buf, "password");
		if (*user && *password)
			ret = 0;
	}
	if (ret < 0) {
		free(*user);
		free(*password);
		*user = *password = NULL;
	}
	proc_result_release(&res);
	strbuf_release(&in);
	free_argv(argv);
	return ret;
}

int archive_credentials(git_credential **out, const char *url, const char *user_from_url,
			unsigned int allowed, void *payload)
{
	struct archive_cred_state *st = payload;
	const char *user = user_from_url && *user_from_url ? user_from_url : "git";

	if ((allowed & GIT_CREDENTIAL_SSH_KEY) && !st->tried_agent) {
		st->tried_agent = 1;
		return git_credential_ssh_key_from_agent(out, user);
	}
	if ((allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT) && !st->tried_helper) {
		git_config *cfg = NULL;
		git_buf helper = GIT_BUF_INIT;
		char *name = NULL, *password = NULL;
		int ret = GIT_PASSTHROUGH;

		st->tried_helper = 1;
		if (!git_repository_config_snapshot(&cfg, st->repo) &&
		    !git_config_get_string_buf(&helper, cfg, "credential.helper") &&
		    !archive_credential_fill(&name, &password, helper.ptr, url))
			ret = git_credential_userpass_plaintext_new(out, name, password);
		if (password)
			memset(password, 0, strlen(password));
		free(name);
		free(password);
		git_buf_dispose(&helper);
		git_config_free(cfg);
		return ret;
	}
	if ((allowed & GIT_CREDENTIAL_USERNAME) && !st->tried_username) {
		st->tried_username = 1;
		return git_credential_username_new(out, user);
	}
	return GIT_PASSTHROUGH;
}
