# Sourced: a real one-node Slurm cluster on this host, in a folder of its own, for the tests and for trying
# the recipes of scripts/slurm/ (Debian's slurm-wlm and munge; `need_slurm` of scripts/setup.sh installs
# them). Nothing outside the folder is touched: its own munge key and socket, slurm.conf, state, logs and
# ports; no accounting, no cgroups (proctrack/linuxproc, task/none). As root, as the daemons need.
#
#   source scripts/slurm/local-cluster.sh
#   cluster_start "$dir"   # exports SLURM_CONF: sbatch, squeue, scontrol… then talk to this cluster
#   …
#   cluster_stop           # cancels what is left and stops the daemons (put it in a trap)

# The daemons' process ids, for cluster_stop.
CLUSTER_PIDS=()

cluster_start() {
  local dir=$1 node
  node=$(hostname -s)
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
  chmod 700 "$dir/munge"
  # A fresh key: this cluster's daemons trust each other and nothing else.
  head -c 1024 /dev/urandom > "$dir/munge/munge.key"
  chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
    --seed-file="$dir/munge/seed" 2>> "$dir/munge/munged.log" || { cluster_fail "$dir" munged; return 1; }
  CLUSTER_PIDS+=("$(cat "$dir/munge/munged.pid")")
  # Ports drawn at random, so that a cluster left by a killed test does not stand in the way.
  local ctld_port=$((20000 + RANDOM % 20000)) slurmd_port
  slurmd_port=$((ctld_port + 1))
  cat > "$dir/slurm.conf" <<CONF
ClusterName=shogireach
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobRequeue=1
KillWait=10
MinJobAge=600
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$dir/slurm.conf
  # (Started in this order, stopped in the reverse: slurmd, the controller, munged.)
  slurmctld -D -i -f "$SLURM_CONF" > "$dir/slurmctld.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  slurmd -D -f "$SLURM_CONF" > "$dir/slurmd.out" 2>&1 &
  CLUSTER_PIDS+=($!)
  # Up when the node reports idle (registered with the controller).
  local tries
  for tries in $(seq 1 100); do
    [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && return 0
    sleep 0.2
  done
  cluster_fail "$dir" "the node (not idle after 20 s)"
  return 1
}

# Prints the logs of a cluster that did not come up.
cluster_fail() {
  local dir=$1 what=$2 f
  echo "local Slurm cluster: $what failed to start; logs:" >&2
  for f in "$dir"/munge/munged.log "$dir"/slurmctld.log "$dir"/slurmd.log "$dir"/*.out; do
    [ -s "$f" ] && { echo "== $f" >&2; tail -20 "$f" >&2; }
  done
  return 0
}

cluster_stop() {
  local pid tries job i
  if [ -n "${SLURM_CONF:-}" ] && [ ${#CLUSTER_PIDS[@]} -gt 1 ]; then
    # Every job cancelled and gone before the daemons stop: a job step (slurmstepd) outlives slurmd.
    for job in $(squeue -h -o %A 2>/dev/null); do scancel --full "$job" 2>/dev/null || true; done
    for tries in $(seq 1 150); do [ -z "$(squeue -h -o %A 2>/dev/null)" ] && break; sleep 0.1; done
  fi
  # In the reverse order of their start.
  for ((i = ${#CLUSTER_PIDS[@]} - 1; i >= 0; i--)); do
    pid=${CLUSTER_PIDS[i]}
    kill "$pid" 2>/dev/null || true
    # (Not `wait`: munged forked itself.) SIGKILL after 10 s.
    for tries in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  CLUSTER_PIDS=()
}
