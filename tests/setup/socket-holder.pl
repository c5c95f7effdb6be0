#!/usr/bin/perl
# Stands in for systemd's socket activation in the tests (perl is part of every Debian system):
# holds a listening socket on 127.0.0.1:PORT and runs COMMAND with it as fd 3, LISTEN_FDS=1 and
# LISTEN_PID set as systemd sets them; runs it again each time it exits (the restart), and on
# SIGTERM passes the signal on and stops once it has exited. Usage: socket-holder.pl PORT COMMAND…
use strict;
use warnings;
use Fcntl qw(F_SETFD);
use POSIX qw(dup2 _exit);
use Socket qw(PF_INET SOCK_STREAM SOL_SOCKET SO_REUSEADDR inet_aton sockaddr_in);

my ($port, @command) = @ARGV;
socket(my $listener, PF_INET, SOCK_STREAM, 0) or die "socket: $!";
setsockopt($listener, SOL_SOCKET, SO_REUSEADDR, 1) or die "setsockopt: $!";
bind($listener, sockaddr_in($port, inet_aton('127.0.0.1'))) or die "bind: $!";
listen($listener, 511) or die "listen: $!";
$| = 1;

my $child = 0;
my $stopping = 0;
$SIG{TERM} = sub { $stopping = 1; kill 'TERM', $child if $child };
while (!$stopping) {
  $child = fork() // die "fork: $!";
  if ($child == 0) {
    # fd 3 for the command, open across exec (dup2 clears close-on-exec; fd 3 already may not).
    if (fileno($listener) == 3) { fcntl($listener, F_SETFD, 0) or _exit(127) }
    else { dup2(fileno($listener), 3) or _exit(127) }
    $ENV{LISTEN_FDS} = 1;
    $ENV{LISTEN_PID} = $$;
    exec @command or _exit(127);
  }
  print STDERR "socket-holder: started $child\n";
  1 while waitpid($child, 0) == -1 && $!{EINTR};
  print STDERR "socket-holder: $child exited ($?)\n";
  $child = 0;
}
