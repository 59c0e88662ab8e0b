{{/*
dealflow-common.app: every Kubernetes object of one deployable, from the values every chart of this
repository declares (see any chart's values.yaml; values.schema.json says which keys exist).
*/}}
{{- define "dealflow-common.app" -}}
{{ include "dealflow-common.serviceAccount" . }}
{{ include "dealflow-common.deployment" . }}
{{ include "dealflow-common.service" . }}
{{ include "dealflow-common.hpa" . }}
{{ include "dealflow-common.pdb" . }}
{{ include "dealflow-common.networkPolicy" . }}
{{ include "dealflow-common.serviceMonitor" . }}
{{ include "dealflow-common.kafka" . }}
{{ include "dealflow-common.migrations" . }}
{{ include "dealflow-common.test" . }}
{{- end -}}

{{- define "dealflow-common.serviceAccount" -}}
{{- if .Values.serviceAccount.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "dealflow-common.serviceAccountName" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: {{ .Values.serviceAccount.automount }}
{{- end }}
{{- end -}}

{{/* Plain variables, computed then overridden by .Values.env (so a key is never set twice). */}}
{{- define "dealflow-common.plainEnv" -}}
{{- $env := dict "HOST" "0.0.0.0" "PORT" (toString .Values.port) -}}
{{- if ne .Values.component "remote" -}}
{{- $_ := set $env "NODE_ENV" "production" -}}
{{- $_ := set $env "LOG_LEVEL" .Values.logLevel -}}
{{- $_ := set $env "PUBLIC_URL" .Values.global.publicUrl -}}
{{- with .Values.global.otel.endpoint -}}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" . -}}
{{- $_ := set $env "OTEL_SERVICE_NAME" (include "dealflow-common.name" $) -}}
{{- $_ := set $env "OTEL_RESOURCE_ATTRIBUTES" (printf "service.version=%s,k8s.pod.name=$(POD_NAME),k8s.namespace.name=$(POD_NAMESPACE),k8s.node.name=$(NODE_NAME)" ($.Values.image.tag | default $.Chart.AppVersion | toString)) -}}
{{- end -}}
{{- /* the gateway's port is public: its /metrics has a port of its own (services serve it on http) */ -}}
{{- if eq .Values.component "gateway" }}{{ $_ := set $env "METRICS_PORT" "9464" }}{{ end -}}
{{- end -}}
{{- with .Values.nodeOptions }}{{ $_ := set $env "NODE_OPTIONS" . }}{{ end -}}
{{- if .Values.database.enabled }}{{ $_ := set $env "DATABASE_POOL_MAX" (toString .Values.database.poolMax) }}{{ end -}}
{{- if .Values.redis.enabled }}{{ $_ := set $env "REDIS_URL" .Values.global.redis.url }}{{ end -}}
{{- if .Values.kafka.enabled -}}
{{- $_ := set $env "KAFKA_BROKERS" .Values.global.kafka.bootstrapServers -}}
{{- if eq .Values.global.kafka.security "scram-tls" -}}
{{- $_ := set $env "KAFKA_SASL_MECHANISM" "scram-sha-512" -}}
{{- $_ := set $env "KAFKA_SASL_USERNAME" (printf "%s-kafka" (include "dealflow-common.fullname" .)) -}}
{{- $_ := set $env "KAFKA_TLS" "true" -}}
{{- end -}}
{{- end -}}
{{- range $k, $v := .Values.env }}{{ $_ := set $env $k $v }}{{ end -}}
{{- toJson $env -}}
{{- end -}}

{{- define "dealflow-common.env" -}}
{{- $env := include "dealflow-common.plainEnv" . | fromJson -}}
{{- $secret := include "dealflow-common.secretName" . -}}
{{- $shared := include "dealflow-common.sharedSecretName" . -}}
{{- if and (ne .Values.component "remote") .Values.global.otel.endpoint }}
{{- /* first: the variables OTEL_RESOURCE_ATTRIBUTES refers to */}}
- name: POD_NAME
  valueFrom: { fieldRef: { fieldPath: metadata.name } }
- name: POD_NAMESPACE
  valueFrom: { fieldRef: { fieldPath: metadata.namespace } }
- name: NODE_NAME
  valueFrom: { fieldRef: { fieldPath: spec.nodeName } }
{{- end }}
{{- range $k := keys $env | sortAlpha }}
- name: {{ $k }}
  value: {{ include "dealflow-common.envValue" (list $ (index $env $k)) }}
{{- end }}
{{- range $k := keys .Values.sharedSecretEnv | sortAlpha }}
{{- if not (hasKey $env $k) }}
- name: {{ $k }}
  valueFrom: { secretKeyRef: { name: {{ $shared }}, key: {{ index $.Values.sharedSecretEnv $k }} } }
{{- end }}
{{- end }}
{{- if and .Values.redis.enabled .Values.global.redis.passwordKey (not (hasKey $env "REDIS_PASSWORD")) }}
- name: REDIS_PASSWORD
  valueFrom: { secretKeyRef: { name: {{ $shared }}, key: {{ .Values.global.redis.passwordKey }}, optional: true } }
{{- end }}
{{- if and .Values.database.enabled (not (hasKey $env "DATABASE_URL")) }}
- name: DATABASE_URL
  valueFrom: { secretKeyRef: { name: {{ $secret }}, key: {{ .Values.database.urlKey }} } }
{{- end }}
{{- range $k := keys .Values.secretEnv | sortAlpha }}
{{- $ref := index $.Values.secretEnv $k }}
{{- if not (hasKey $env $k) }}
- name: {{ $k }}
  valueFrom: { secretKeyRef: { name: {{ $secret }}, key: {{ $ref.key }}{{ if $ref.optional }}, optional: true{{ end }} } }
{{- end }}
{{- end }}
{{- if and .Values.kafka.enabled (eq .Values.global.kafka.security "scram-tls") }}
- name: KAFKA_SASL_PASSWORD
  valueFrom: { secretKeyRef: { name: {{ include "dealflow-common.fullname" . }}-kafka, key: password } }
- name: KAFKA_TLS_CA
  valueFrom: { secretKeyRef: { name: {{ .Values.global.kafka.cluster }}-cluster-ca-cert, key: ca.crt } }
{{- end }}
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "dealflow-common.podSpec" -}}
serviceAccountName: {{ include "dealflow-common.serviceAccountName" . }}
automountServiceAccountToken: {{ .Values.serviceAccount.automount }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- include "dealflow-common.podSecurityContext" . | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{- define "dealflow-common.deployment" -}}
{{- $name := include "dealflow-common.fullname" . }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $name }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "dealflow-common.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    # a new pod is ready before an old one leaves
    rollingUpdate: { maxUnavailable: 0, maxSurge: 1 }
  template:
    metadata:
      {{- with .Values.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      labels:
        {{- include "dealflow-common.podLabels" . | nindent 8 }}
        {{- with .Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      {{- include "dealflow-common.podSpec" . | nindent 6 }}
      {{- with .Values.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- range . }}
        - {{ toYaml (merge (deepCopy .) (dict "labelSelector" (dict "matchLabels" (include "dealflow-common.selectorLabels" $ | fromYaml)))) | nindent 10 | trim }}
        {{- end }}
      {{- end }}
      terminationGracePeriodSeconds: {{ .Values.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .Chart.Name }}
          image: {{ include "dealflow-common.image" . | quote }}
          imagePullPolicy: {{ .Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ .Values.port }}
            {{- if eq .Values.component "gateway" }}
            - name: metrics
              containerPort: 9464
            {{- end }}
          env:
            {{- include "dealflow-common.env" . | nindent 12 }}
          {{- with .Values.envFrom }}
          envFrom:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          # liveness is the process only; readiness (dependencies) takes a pod out of the Service, never restarts it
          livenessProbe:
            httpGet: { path: {{ .Values.probes.liveness }}, port: http }
            periodSeconds: 10
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: {{ .Values.probes.readiness }}, port: http }
            periodSeconds: 5
            failureThreshold: 2
          startupProbe:
            httpGet: { path: {{ .Values.probes.liveness }}, port: http }
            periodSeconds: 2
            failureThreshold: {{ .Values.probes.startupFailureThreshold }}
          lifecycle:
            # keeps serving while endpoints and load balancers drop the pod, then SIGTERM drains it
            preStop:
              exec: { command: ["sleep", {{ .Values.preStopSleepSeconds | toString | quote }}] }
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
          securityContext:
            {{- include "dealflow-common.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - { name: tmp, mountPath: /tmp }
            {{- with .Values.extraVolumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - { name: tmp, emptyDir: {} }
        {{- with .Values.extraVolumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
{{- end -}}

{{- define "dealflow-common.service" -}}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "dealflow-common.fullname" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  selector:
    {{- include "dealflow-common.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ .Values.port }}
      targetPort: http
    {{- if eq .Values.component "gateway" }}
    - name: metrics
      port: 9464
      targetPort: metrics
    {{- end }}
{{- end -}}

{{/*
dealflow-common.serviceMonitor: the Prometheus Operator's scrape of /metrics (the http port; the gateway's
own metrics port), rendered only where the cluster serves monitoring.coreos.com/v1. Prometheus must be
let through the NetworkPolicy (networkPolicy.extraIngress).
*/}}
{{- define "dealflow-common.serviceMonitor" -}}
{{- if and (ne .Values.component "remote") (.Capabilities.APIVersions.Has "monitoring.coreos.com/v1") }}
---
apiVersion: monitoring.coreos.com/v1
kind: ServiceMonitor
metadata:
  name: {{ include "dealflow-common.fullname" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  selector:
    matchLabels:
      {{- include "dealflow-common.selectorLabels" . | nindent 6 }}
  endpoints:
    - port: {{ if eq .Values.component "gateway" }}metrics{{ else }}http{{ end }}
      path: /metrics
      interval: 30s
{{- end }}
{{- end -}}

{{/*
maxReplicas: a consumer group gets at most one consumer per partition, so a part with
autoscaling.capToPartitions scales no further than global.kafka.partitions.
*/}}
{{- define "dealflow-common.hpa" -}}
{{- if .Values.autoscaling.enabled }}
{{- $max := int .Values.autoscaling.maxReplicas }}
{{- if .Values.autoscaling.capToPartitions }}{{ $max = min $max (int .Values.global.kafka.partitions) }}{{ end }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "dealflow-common.fullname" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: {{ include "dealflow-common.fullname" . }} }
  minReplicas: {{ .Values.autoscaling.minReplicas }}
  maxReplicas: {{ $max }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: {{ .Values.autoscaling.targetCPUUtilizationPercentage }} }
{{- end }}
{{- end -}}

{{- define "dealflow-common.pdb" -}}
{{- if .Values.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "dealflow-common.fullname" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  # maxUnavailable, not minAvailable: a node drain always makes progress, whatever the replica count
  maxUnavailable: {{ .Values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "dealflow-common.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end -}}

{{/*
Ingress to a part: from the product's own pods (the gateway, the services' internal calls, helm test pods),
plus networkPolicy.extraIngress (an ingress controller, a Prometheus). The gateway sets allowFromAnywhere.
*/}}
{{- define "dealflow-common.networkPolicy" -}}
{{- if .Values.networkPolicy.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "dealflow-common.fullname" . }}
  labels:
    {{- include "dealflow-common.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "dealflow-common.selectorLabels" . | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    - ports:
        - port: http
      {{- if not .Values.networkPolicy.allowFromAnywhere }}
      from:
        - podSelector:
            matchLabels: { app.kubernetes.io/part-of: dealflow }
      {{- end }}
    {{- with .Values.networkPolicy.extraIngress }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
{{- end }}
{{- end -}}
