#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <microhttpd.h>

// MHD_start_daemon, MHD_get_daemon_info and MHD_get_connection_info are variadic, which Swift cannot
// call: these three fixed-argument forms are the only calls qapass makes of them.

/// Starts a daemon on `address` with one internal polling thread (every callback runs on it).
static inline struct MHD_Daemon *qapass_mhd_start(
    unsigned int flags, const struct sockaddr *address, MHD_AccessHandlerCallback handler, void *context,
    MHD_RequestCompletedCallback completed, unsigned int connectionLimit, unsigned int timeoutSeconds,
    size_t memoryLimit) {
  return MHD_start_daemon(
      flags, 0, NULL, NULL, handler, context,
      MHD_OPTION_SOCK_ADDR, address,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
      MHD_OPTION_CONNECTION_LIMIT, connectionLimit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeoutSeconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memoryLimit,
      MHD_OPTION_END);
}

/// The port the daemon is bound to (the one the system chose for port 0), or 0.
static inline uint16_t qapass_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// The address of the client of `connection`, or NULL.
static inline const struct sockaddr *qapass_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

/// A response whose body libmicrohttpd copies from `data` (valid only during the call).
static inline struct MHD_Response *qapass_mhd_copied_response(size_t size, const void *data) {
  return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}
