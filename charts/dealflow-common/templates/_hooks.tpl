{{/*
Migrations in a pre-install/pre-upgrade Job: the new schema is in place before the first new pod starts,
and no pod spends its startup budget on a long migration. The kit runs them under an advisory lock, so a
pod that also migrates at start finds nothing left to do. Expand/contract is the rule (docs/DEPLOY.md).
*/}}
{{- define "dealflow-common.migrations" -}}
{{- if and .Values.database.enabled .Values.migrations.job.enabled }}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "dealflow-common.fullname" . }}-migrate
  labels:
    {{- include "dealflow-common.auxLabels" (list . "migrations") | nindent 4 }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  backoffLimit: 2
  activeDeadlineSeconds: {{ .Values.migrations.job.activeDeadlineSeconds }}
  template:
    metadata:
      labels:
        {{- include "dealflow-common.auxLabels" (list . "migrations") | nindent 8 }}
    spec:
      {{- include "dealflow-common.podSpec" . | nindent 6 }}
      restartPolicy: Never
      containers:
        - name: migrate
          image: {{ include "dealflow-common.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          command:
            {{- toYaml .Values.migrations.job.command | nindent 12 }}
          env:
            {{- include "dealflow-common.env" . | nindent 12 }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            {{- include "dealflow-common.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - { name: tmp, mountPath: /tmp }
      volumes:
        - { name: tmp, emptyDir: {} }
{{- end }}
{{- end -}}

{{/* `helm test RELEASE`: the part answers its readiness path through its Service. */}}
{{- define "dealflow-common.test" -}}
{{- if .Values.tests.enabled }}
{{- $url := printf "http://%s:%v%s" (include "dealflow-common.fullname" .) .Values.port .Values.probes.readiness }}
---
apiVersion: v1
kind: Pod
metadata:
  name: {{ include "dealflow-common.fullname" . }}-test
  labels:
    {{- include "dealflow-common.auxLabels" (list . "test") | nindent 4 }}
  annotations:
    helm.sh/hook: test
spec:
  automountServiceAccountToken: false
  securityContext:
    {{- include "dealflow-common.podSecurityContext" . | nindent 4 }}
  restartPolicy: Never
  containers:
    - name: readiness
      image: {{ include "dealflow-common.image" . | quote }}
      {{- if eq .Values.component "remote" }}
      command: ["wget", "-q", "-O", "/dev/null", {{ $url | quote }}]
      {{- else }}
      command: ["node", "-e", "fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1))", {{ $url | quote }}]
      {{- end }}
      resources:
        requests: { cpu: 10m, memory: 32Mi }
        limits: { memory: 64Mi }
      securityContext:
        {{- include "dealflow-common.containerSecurityContext" . | nindent 8 }}
{{- end }}
{{- end -}}
